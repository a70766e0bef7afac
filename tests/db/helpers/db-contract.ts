/**
 * Messages, codes and limits the migrations raise (supabase/migrations is the
 * source; these mirror it so tests assert the exact text members see).
 */
export const DB_MESSAGES = {
  usernameTaken: 'This username is already taken. Please choose another one.',
  usernameFormat: 'Username must be 3-20 characters and contain only letters, numbers, or underscores.',
  signatureTooLong: 'Signature must be at most 255 characters.',
  tipJarCrypto: 'Please provide a crypto address if the crypto tip jar is enabled.',
  tipJarPaypal: 'Please provide a PayPal email address or PayPal.Me link if the PayPal tip jar is enabled.',
  discussionRequired: 'Title, first post content, and category are required.',
  customCategoryRequired: "Please enter a custom category for 'Other'.",
  customCategoryTooLong: 'A custom category can be at most 50 characters.',
  emptyReply: 'Cannot submit an empty reply.',
  locked: 'This discussion is locked. No new replies can be added.',
  onlyAuthorMarksSolution: 'Only the discussion author can mark a solution.',
  cannotDeleteDiscussion: 'You cannot delete this discussion.',
  pinDenied: "You don't have permission to pin/unpin discussions.",
  followSelf: 'You cannot follow yourself.',
  followAsOther: 'You can only follow as yourself.',
  postAsOther: 'You can only post as yourself.',
  reactAsOther: 'You can only react as yourself.',
  contentTitleRequired: 'Title is required.',
  contentFileRequired: 'A content file is required.',
  contactRequired: 'Name, email, subject and message are required.',
  contactEmail: 'Please enter a valid email address.',
  rolesAdminOnly: 'Only admins can change roles.',
  removedByModerator: 'This was removed by a moderator and cannot be restored.',
  lockedByModerator: 'This discussion was locked by a moderator and cannot be unlocked by you.',
  discussionGone: 'This discussion does not exist or has been removed.',
  tooManyRows: 'Only one row can be added per request.',
  pushP256dh: 'Push subscription key p256dh must be an uncompressed P-256 public key: 65 bytes starting with 0x04, in base64url.',
  pushAuth: 'Push subscription key auth must be a 16-byte secret in base64url.',
  objectName: 'Invalid key: object names cannot contain backslashes, control characters or "." and ".." segments.',
  mimeTypeMalformed: (declared: string) => `mime type ${declared} is not supported: it is not a well-formed media type.`,
  mimeTypeNotAllowed: (declared: string) => `mime type ${declared} is not supported by this bucket.`,
} as const;

export const SQLSTATE = {
  permission: '42501',
  check: '23514',
  unique: '23505',
  raised: 'P0001',
} as const;

export const DISCUSSION_KARMA_AWARD = 5;
export const LIKE_KARMA = 1;
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
export const CONTENT_BUCKET = 'user-content-files';

/** Namespace of the deterministic follower/reaction ids (DATA_MODEL.md). */
export const RELATION_ID_NAMESPACE = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';

export const REPLICATED_TABLES = [
  'profiles',
  'followers',
  'notifications',
  'user_activities',
  'discussions',
  'posts',
  'reactions',
  'user_content',
  'blog_posts',
] as const;
