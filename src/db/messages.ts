/** Texts the data layer hands to the UI; tests import them from here. */
export const SYNC_MESSAGES = {
  permissionDenied: "You don't have permission to make this change.",
  notFound: 'This item no longer exists on the server.',
  parentMissing: 'What this was a reply to no longer exists.',
  conflict: 'This was changed on another device at the same time. The other version was kept; yours is saved as a draft.',
  rejectedFallback: 'The server refused this change.',
} as const;
