/**
 * Constants and texts of the Community Hub and thread pages. Every text a
 * member reads lives here once; the
 * components and the tests import it.
 */

export const HUB_PAGE_SIZE = 10;
export const HUB_SKELETON_COUNT = 5;
/**
 * Cards the hub's list renders in its first frame: a tall phone's whole screen under the toolbar (at 412 x 823 the
 * seventh card ends at the fold). The first frame of a shared hub link is one task that renders, styles and lays
 * out all it holds; the rest of the page follows in slices of HUB_CARD_SLICE once it is painted. Fewer cards than
 * the screen holds made the largest title (the LCP) wait for a later slice, and moved what was below the list.
 */
export const HUB_FIRST_CARDS = 7;
/** Cards a render adds after the first frame: the rest of a page of HUB_PAGE_SIZE in one more commit. */
export const HUB_CARD_SLICE = 3;
export const DISCUSSION_KARMA_AWARD = 5;
export const QUOTE_PREVIEW_LINES = 3;
/** Player cards (and inline tracks) a post shows at most, whatever it links to. */
export const MAX_PLAYERS_PER_POST = 4;
/**
 * Posts a thread renders in its first frame (what a phone's screen holds under the title); the rest follow in
 * chunks, below the fold. Each post is markdown parsed and sanitized on a phone's slow CPU, so every post more
 * here delays the first paint of the title and the first posts.
 */
export const THREAD_FIRST_SCREEN_POSTS = 2;
/** The Element Timing name of a hub card's title: when the list's first title painted (field data, the benchmarks). */
export const HUB_TITLE_TIMING = 'hub-card-title';
/** How long a thread's live read stays open after its screen left (back and forth from the hub is instant). */
export const THREAD_WARM_MS = 10_000;
/** Each follow-up render shows this many times as many posts (4, 16, 64, ...): few renders, none much larger than the last. */
export const THREAD_RENDER_GROWTH = 4;
/**
 * ...but adds at most this many posts per render: a render's commit (each post's HTML parsed into the page, then
 * styled) is one task the browser cannot split. A commit of 8 posts took 15-31 ms unthrottled after a shared
 * thread's first paint (60-120 ms on a phone four times slower), each counted as blocking time. Lighthouse counts a
 * task's unthrottled time four times over: a 4-post commit was still 13-24 ms in its traces, a 2-post one 8-15 ms.
 */
export const THREAD_RENDER_SLICE_MAX = 2;
/**
 * Once this many posts are shown, a render may add half of those instead (posts ten screens and more below the
 * first): a 500-post thread completes in about two dozen renders rather than 250, each of which re-renders the list.
 */
export const THREAD_RENDER_FIXED_UNTIL = 32;
/**
 * Posts above the first unread one that a thread opening there renders in its first frame (the end of what was
 * read, for context); the posts before them are put in above in slices right after, the view held on the divider.
 * Rendering them all first cost an open of a long thread's 60th post about 40 ms on a desktop.
 */
export const THREAD_CONTEXT_ABOVE = 1;
/** How long typing pauses before the reply draft is written to the drafts collection. */
export const DRAFT_SAVE_DEBOUNCE_MS = 400;
/** Database limits (migrations): a title and a custom category cannot be longer. */
export const TITLE_MAX_LENGTH = 200;
export const CUSTOM_CATEGORY_MAX_LENGTH = 50;

export const DISCUSSION_CATEGORIES = [
  'General Discussion',
  'Music Production',
  'DJ Techniques',
  'Gear & Software',
  'Events & Gigs',
  'Track Feedback',
  'Collaborations',
  'Music Discovery',
  'Industry Talk',
  'Tutorials & Resources',
  'Off-Topic',
  'Announcements',
  'Help & Support',
  'Introductions',
] as const;

export const OTHER_CATEGORY = 'Other';
/** The category filter's "no filter" value. */
export const ALL_CATEGORIES = 'all';

export const HUB_SORTS = [
  { value: 'updated_at', label: 'Last Activity' },
  { value: 'created_at', label: 'Newest' },
  { value: 'post_count', label: 'Most Replies' },
] as const;
export type HubSort = (typeof HUB_SORTS)[number]['value'];
export const DEFAULT_HUB_SORT: HubSort = 'updated_at';

export const REACTION_LIKE = 'like';

export type ToastText = { title: string; description: string };

export const HUB_TEXT = {
  heading: 'Community Hub',
  intro: 'Ask questions, share tracks and talk shop with DJs and producers.',
  startNewDiscussion: 'Start New Discussion',
  filters: 'Search & filters',
  lastActivity: 'last activity',
  searchLabel: 'Search discussions',
  searchPlaceholder: 'Search discussions...',
  categoryLabel: 'Category',
  allCategories: 'All Categories',
  sortLabel: 'Sort by',
  joinDiscussion: 'Join Discussion',
  previous: 'Previous',
  next: 'Next',
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  replies: (count: number) => (count === 1 ? '1 reply' : `${count} replies`),
  emptyTitle: 'No Discussions Found',
  emptyHint: 'Try another search or category, or start a new discussion.',
  errorTitle: 'Error Loading Discussions',
  tryAgain: 'Try Again',
  loadFailed: 'Failed to load discussions. Please try again.',
  sessionIssue: 'Session issue. Please try logging out and back in.',
  pinned: 'Pinned',
  locked: 'Locked',
  by: 'by',
} as const;

/** The hub's side column on wide screens. */
export const HUB_ASIDE_TEXT = {
  label: 'About the community',
  community: 'The community',
  discussions: 'Discussions',
  replies: 'Replies',
  categories: 'Categories',
  all: 'All Categories',
  topStarters: 'Most active',
  started: (count: number) => (count === 1 ? '1 discussion' : `${count} discussions`),
} as const;

/** How many members the hub's 'Most active' list names. */
export const HUB_TOP_STARTERS = 5;

/** The thread's side column on wide screens. */
export const THREAD_ASIDE_TEXT = {
  label: 'Thread info',
  startedBy: 'Started by',
  replies: 'Replies',
  participants: 'Participants',
  whoTookPart: 'Who took part',
  category: 'Category',
  lastActivity: 'Last activity',
} as const;

/** How many participants' avatars the thread's side column shows. */
export const THREAD_ASIDE_PARTICIPANTS = 12;

export const CREATE_TEXT = {
  dialogTitle: 'Start a New Discussion',
  dialogDescription: 'Share a question, idea or track with the community. You earn +5 Karma for starting a discussion.',
  titleLabel: 'Title',
  titlePlaceholder: 'What do you want to talk about?',
  categoryLabel: 'Category',
  categoryPlaceholder: 'Select a category',
  customCategoryLabel: 'Custom category',
  customCategoryPlaceholder: 'Enter your category',
  contentLabel: 'First post',
  contentPlaceholder: 'Write the opening post...',
  submit: 'Create Discussion',
  submitting: 'Creating...',
  cancel: 'Cancel',
  loginRequired: { title: 'Login Required', description: 'Please log in to start a discussion.' },
  login: 'Login',
  required: 'Title, first post content, and category are required.',
  customRequired: "Please enter a custom category for 'Other'.",
  success: { title: 'Discussion Created!', description: 'Your new discussion is live. +5 Karma!' },
  queuedNote: 'You are offline: it will be published when you reconnect.',
  failed: (message: string): ToastText => ({ title: 'Error', description: `Failed to create discussion: ${message}` }),
  categoriesFailed: 'Error Loading Dynamic Categories',
} as const;

export const THREAD_TEXT = {
  back: 'Back to Discussions',
  share: 'Share',
  linkCopied: 'Link Copied!',
  copyFailed: 'Failed to copy link',
  notFound: 'Discussion not found.',
  loading: 'Loading discussion...',
  edited: (relative: string) => `(edited ${relative})`,
  startedBy: 'Started by',
  locked: 'This discussion is locked. No new replies can be added.',
  guestPrompt: 'Join the conversation',
  guestHint: 'Log in or sign up to reply and react to posts.',
  login: 'Log In',
  signup: 'Sign Up',
  postIncomplete: 'Error: Post data is incomplete.',
  quoteUnavailable: 'Quoted post content is unavailable.',
  wrote: 'wrote:',
  solution: 'Solution',
  markSolution: 'Mark as Solution',
  like: 'Like',
  unlike: 'Unlike',
  reply: 'Reply',
  quote: 'Quote',
  edit: 'Edit',
  delete: 'Delete',
  flag: 'Flag',
  save: 'Save',
  cancel: 'Cancel',
  karma: 'Karma',
  postsHeading: (count: number) => (count === 1 ? '1 post' : `${count} posts`),
  editTitle: 'Edit title',
  titleInputLabel: 'Discussion title',
  pin: 'Pin discussion',
  unpin: 'Unpin discussion',
  lock: 'Lock discussion',
  unlock: 'Unlock discussion',
  deleteDiscussion: 'Delete discussion',
  pinnedLabel: 'Pinned',
  lockedLabel: 'Locked',
  confirmDeletePost: 'Are you sure you want to delete this post? This action cannot be undone.',
  // The title already says it cannot be undone; the dialog does not say it twice.
  confirmDeletePostDetail: 'This will permanently delete this post.',
  confirmDeleteDiscussion: 'Are you sure you want to delete this entire discussion and all its posts? This cannot be undone.',
  confirmDeleteTitle: 'Delete post?',
  confirmDeleteDiscussionTitle: 'Delete discussion?',
  confirm: 'Delete',
  outboxWaiting: 'Waiting to send',
  outboxSent: 'Sent',
  outboxRejected: 'Not sent',
  rejectedKept: 'Your text was kept as a draft.',
  editAsDraft: 'Edit as draft',
  discard: 'Discard',
  deleted: 'Post deleted.',
} as const;

export const REPLY_TEXT = {
  label: 'Your reply',
  placeholder: 'Write your reply... (Markdown supported)',
  submit: 'Post Reply',
  submitting: 'Posting...',
  replyingTo: 'Quoting',
  cancelQuote: 'Cancel quote',
  draftSaved: 'Draft saved',
  linkPrompt: 'Enter the URL:',
  toolbarLabel: 'Formatting',
  bold: 'Bold',
  italic: 'Italic',
  strikethrough: 'Strikethrough',
  code: 'Inline code',
  link: 'Link',
  quote: 'Quote',
  mentionList: 'Members to mention',
  mentionCount: (n: number) => (n === 1 ? '1 member suggested' : `${n} members suggested`),
  playTrack: (title: string) => `Play ${title}`,
} as const;

/** Toasts of the thread and its posts. */
export const THREAD_TOASTS = {
  reactLogin: { title: 'Login Required', description: 'Please log in to react.' },
  replyLogin: { title: 'Login Required', description: 'You must be logged in to post a reply.' },
  emptyReply: { title: 'Empty Reply', description: 'Cannot submit an empty reply.' },
  editNotAuthor: { title: 'Not Saved', description: "Only the post's author can change its text. Your edit was not saved; you can still delete the post." },
  solutionDenied: { title: 'Permission Denied', description: 'Only the discussion author can mark a solution.' },
  deleteDiscussionDenied: { title: 'Permission Denied', description: 'You cannot delete this discussion.' },
  pinDenied: { title: 'Permission Denied', description: "You don't have permission to pin/unpin discussions." },
  lockDenied: { title: 'Permission Denied', description: "You don't have permission to lock/unlock this discussion." },
  reactionFailed: (m: string): ToastText => ({ title: 'Error', description: `Failed to process reaction: ${m}` }),
  replyFailed: (m: string): ToastText => ({ title: 'Error', description: `Failed to post reply: ${m}` }),
  updatePostFailed: (m: string): ToastText => ({ title: 'Error', description: `Failed to update post: ${m}` }),
  deletePostFailed: (m: string): ToastText => ({ title: 'Error', description: `Failed to delete post: ${m}` }),
  solutionFailed: (m: string): ToastText => ({ title: 'Error', description: `Failed to mark as solution: ${m}` }),
  notFoundToast: { title: 'Error', description: 'This discussion does not exist or has been removed.' },
  detailsFailed: { title: 'Error', description: 'Could not load discussion details.' },
  postsFailed: { title: 'Error', description: 'Could not load posts for this discussion.' },
  titleFailed: { title: 'Error', description: 'Failed to update title' },
  deleteDiscussionFailed: { title: 'Error', description: 'Failed to delete discussion' },
  pinFailed: { title: 'Error', description: 'Could not update pin status' },
  lockFailed: { title: 'Error', description: 'Could not update lock status' },
} as const;

/** Roles that moderate every discussion. */
export const MODERATOR_ROLES = ['admin', 'moderator'] as const;

/** The page of texts the server refused, kept on the device. */
export const DRAFTS_TEXT = {
  title: 'Not sent',
  intro: 'The server refused these changes. Your text is kept here: copy it, send it again elsewhere, or discard it.',
  empty: 'Nothing here: every change you made reached the server.',
  signedOut: 'Sign in to see the changes you kept on this device.',
  copy: 'Copy text',
  copied: 'Copied',
  copyFailed: 'Could not copy: select the text and copy it by hand.',
  openDiscussion: 'Open discussion',
  openDrafts: 'All texts not sent',
  lockedHint: 'This discussion is locked: copy your text to send it elsewhere.',
} as const;

/** Unread and new: the hub's marks, the thread's divider, and the notification levels. */
export const UNREAD_TEXT = {
  newPosts: (count: number) => `${count} new`,
  unreadMark: 'Unread',
  newThread: 'New',
  newThreadLabel: 'New since your last visit',
  divider: 'New since your last visit',
  jumpToNew: 'Jump to new posts',
  mutedMark: 'Muted',
  showMuted: 'Show muted',
  levelLabel: 'Notifications',
  categoryLevelLabel: (category: string) => `Notifications for ${category}`,
  levels: { following: 'Following', normal: 'Normal', muted: 'Muted' },
  levelHints: {
    following: 'Every reply notifies you.',
    normal: 'Only replies to you, quotes and mentions notify you.',
    muted: 'Hidden from the hub, never notifies you.',
  },
  categoryNeedsConnection: { title: 'Not changed', description: 'Category notifications change on the server: try again when you are online.' },
  categoryFailed: { title: 'Not changed', description: 'Could not change the category notifications. Please try again.' },
  levelFailed: { title: 'Not changed', description: 'Could not change the notifications of this discussion. Please try again.' },
} as const;
/** How long posts seen on screen wait before their read point is written (one write for a whole scroll). */
export const READ_FLUSH_MS = 1500;
/** The share of a post that must be on screen before it counts as read. */
export const READ_VISIBLE_RATIO = 0.5;
