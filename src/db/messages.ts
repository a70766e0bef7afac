/** Texts the data layer hands to the UI; tests import them from here. */
export const SYNC_MESSAGES = {
  permissionDenied: "You don't have permission to make this change.",
  notFound: 'This item no longer exists on the server.',
  parentMissing: 'What this was a reply to no longer exists.',
  conflict: 'This was changed on another device at the same time. The other version was kept; yours is saved as a draft.',
  rejectedFallback: 'The server refused this change.',
  /** both devices changed a draft and this one's edit was the newer */
  otherVersionKept: 'This was changed on another device at the same time. Your newer version was kept; the other one is saved as a draft.',
} as const;

export const BOOKMARK_MESSAGES = {
  pastReminder: 'The reminder time has passed: pick a time in the future.',
  noteTooLong: (max: number) => `A bookmark note can be at most ${max} characters.`,
} as const;

export const FREE_SPACE_MESSAGES = {
  deletionWaiting: 'A post you deleted is still waiting to be sent. Free space once it has gone out.',
  otherTab: 'DJCircle is open in another tab that keeps this device in sync. Close it, or free space there.',
} as const;
