/** Bookmark texts. Tests import them. */
export const BOOKMARK_TEXT = {
  bookmark: 'Bookmark',
  bookmarked: 'Bookmarked',
  /** a post's control, named apart from the thread's on the same screen */
  bookmarkPost: 'Bookmark post',
  postBookmarked: 'Post bookmarked',
  dialogTitle: { discussion: 'Bookmark this thread', post: 'Bookmark this post', blog_post: 'Bookmark this blog post' },
  dialogDescription: 'Kept on this device for offline reading and on your other devices. Add a note or a reminder if you like.',
  noteLabel: 'Note (optional)',
  remindLabel: 'Remind me at (optional)',
  save: 'Save bookmark',
  remove: 'Remove bookmark',
  saved: 'Bookmarked on this device',
  removed: 'Bookmark removed',
  failed: 'Could not save the bookmark',
  removeFailed: 'Could not remove the bookmark. It is still kept; try again',
} as const;

export const BOOKMARKS_SCREEN_TEXT = {
  title: 'Bookmarks',
  subtitle: 'Threads, posts and blog posts you kept, newest first. They are on this device, also with no signal.',
  empty: 'No bookmarks yet. Use "Bookmark" on a thread, a post or a blog post to keep it here.',
  loading: 'Loading bookmarks',
  untitled: 'A discussion not on this device yet',
  remindAt: (when: string) => `Reminder: ${when}`,
  reminded: 'Reminder sent',
  removeLabel: (title: string) => `Remove bookmark: ${title}`,
} as const;
