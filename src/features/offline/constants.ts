/** Texts of 'Keep offline' and the offline storage settings; tests import them from here. */
export const KEEP_OFFLINE_TEXT = {
  keep: 'Keep offline',
  kept: 'Kept offline',
  savedTitle: 'Saved for offline',
  savedDescription: 'This stays on your device and opens without a connection.',
  queuedDescription: 'It will be saved on this device as soon as you are back online.',
  removedTitle: 'No longer kept offline',
  removedDescription: 'It stays on this device only while it is recent or you visit it.',
  failedTitle: 'Could not keep this offline',
} as const;

export const STORAGE_TEXT = {
  title: 'Offline storage',
  description: 'What this device keeps so DJCircle opens and reads without a connection.',
  loading: 'Measuring...',
  usage: (used: string, quota: string) => `Using ${used} of ${quota} available`,
  usageUnknown: 'This browser does not say how much space is used.',
  persistent: 'Kept when the device runs low on space.',
  notPersistent: 'The browser may remove it when the device runs low on space. Keeping a thread offline asks it not to.',
  items: (count: number) => (count === 1 ? '1 item on this device' : `${count} items on this device`),
  clear: 'Clear offline data',
  clearing: 'Clearing...',
  confirmTitle: 'Clear offline data?',
  confirmDescription: 'Everything DJCircle keeps on this device is removed. It downloads again the next time you are online.',
  confirmUnsent: (count: number) =>
    count === 1 ? '1 change that has not been sent yet will be lost.' : `${count} changes that have not been sent yet will be lost.`,
  confirm: 'Clear',
  cancel: 'Cancel',
  failed: 'Clearing the offline data failed.',
  freeSpace: 'Free space',
  freeingSpace: 'Freeing space...',
  freeSpaceHint: 'Removes the threads you opened longest ago from this device. Bookmarked threads and anything not sent yet or drafted stay.',
  freedTitle: 'Space freed on this device',
  freed: (posts: number, threads: number, size: string) =>
    `Removed ${posts === 1 ? '1 post' : `${posts} posts`} of ${threads === 1 ? '1 thread' : `${threads} threads`} you opened longest ago (about ${size}). They download again when you open them.`,
  usageChange: (before: string, after: string) => `Storage used: ${before} before, ${after} now.`,
  nothingToFreeTitle: 'Nothing to free',
  nothingToFree: 'No kept thread can be removed: the rest are bookmarked or hold something not sent yet or a draft.',
  freeFailed: 'Freeing space failed.',
} as const;

/** The collections the storage section lists, with the member-facing name of each. */
export const STORAGE_ROWS = [
  ['discussions', 'Discussions'],
  ['posts', 'Posts'],
  ['blog_posts', 'Blog posts'],
  ['profiles', 'Profiles'],
  ['notifications', 'Notifications'],
  ['drafts', 'Drafts'],
  ['pinned', 'Kept and visited items'],
] as const;
