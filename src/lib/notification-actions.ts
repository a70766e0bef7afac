/** What the service worker's notification buttons are called and what they carry; the thread screen reads the same keys. */
export const NOTIFICATION_ACTIONS = {
  reply: 'reply',
  markRead: 'mark-read',
  replyTitle: 'Reply',
  replyPlaceholder: 'Write a reply…',
  markReadTitle: 'Mark as read',
  /** The thread URL's search key with the text to put into the reply editor ('' only focuses it). */
  replySearchKey: 'reply',
  /** The notification that replaces one answered inline: sent, or waiting on the device for a connection. */
  replySentTitle: 'Reply sent',
  replyQueuedTitle: 'Reply waiting for a connection',
  replyQueuedBody: 'It stays on this device and goes out as soon as you are back online.',
} as const;

const THREAD_TAG = /^thread:([0-9a-f-]{36})$/i;

/** The discussion a push's tag names (`thread:<id>`), or null for pushes that are not about a thread. */
export function threadIdOfTag(tag: string | undefined): string | null {
  return THREAD_TAG.exec(tag ?? '')?.[1] ?? null;
}
