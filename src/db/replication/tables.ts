import type { ReplicatedCollectionName } from '../collections';

/** What a pull may know about the device when it builds its query. */
export interface PullScope {
  userId: string | null;
  /** posts: the discussions whose threads the device keeps (recent, visited, participated, pinned) */
  discussionIds?: string[];
  /** the current time, passed in so tests can move it */
  now: number;
}

export interface TableSyncSpec {
  collection: ReplicatedCollectionName;
  table: string;
  /** pull: read-only for the client; push: insert-only queue (contact form) */
  direction: 'both' | 'pull' | 'push';
  /** columns the client sends on insert; everything else is the server's */
  insertColumns: readonly string[];
  /** columns the client may change; a push sends only those that changed */
  updateColumns: readonly string[];
  /** timestamp columns, normalised to ISO so string order is time order */
  timestampFields: readonly string[];
  /** fills values an index needs when the server sends null */
  normalize?: (doc: Record<string, unknown>) => void;
  /** visibility depends on who is signed in: keep a checkpoint per identity */
  perIdentity: boolean;
  /** nothing to pull for visitors */
  membersOnly: boolean;
  /**
   * Restricts what is pulled, as one PostgREST logic-tree condition
   * (combined with the checkpoint condition in a single `and(...)`).
   */
  filter?: (scope: PullScope) => string;
  /** the same rule applied to a single row arriving on the live stream */
  accepts?: (row: Record<string, unknown>, scope: PullScope) => boolean;
  /**
   * Rows the device keeps whatever `filter` or any bounding says: fetched by
   * id with the first pull of every (re)start, so they arrive at once instead
   * of at their place in the checkpointed order, and come back if removed.
   */
  alwaysKept?: (scope: PullScope) => string[];
  /** the row can be read back after insert (contact messages cannot) */
  readable: boolean;
  /** columns to read when the table has server-only ones (search vectors) the device never needs; default all */
  readColumns?: string;
}

/** Every column but `search_vector`, which only the server's full-text search uses. */
const WITHOUT_SEARCH_VECTOR = {
  profiles:
    'id,username,display_name,avatar_url,banner_url,bio,location,role,genres,social_links,subscription_tier,monetization,signature,karma,is_featured,followers_count,following_count,created_at,updated_at,_modified,_deleted',
  discussions:
    'id,user_id,title,category,is_pinned,is_locked,created_at,updated_at,last_activity_at,post_count,author_username,author_display_name,author_avatar_url,_modified,_deleted',
  blog_posts:
    'id,title,slug,content,content_markdown,excerpt,author_id,status,is_featured,published_at,cover_image_url,tags,created_at,updated_at,_modified,_deleted',
} as const;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** How far back activity feeds and "recent threads" reach on a device. */
export const RECENT_WINDOW_DAYS = 14;

/**
 * The start of a window of `days` before the scope's moment, to the hour: consecutive pages of one pull then
 * ask the same question, so the page fetched ahead is used instead of being asked for again.
 */
function sinceIso(scope: PullScope, days: number): string {
  return new Date(Math.floor((scope.now - days * DAY_MS) / HOUR_MS) * HOUR_MS).toISOString();
}

function defaults(values: Record<string, unknown>) {
  return (doc: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(values)) if (doc[key] === null || doc[key] === undefined) doc[key] = value;
  };
}

export const TABLE_SPECS: Record<ReplicatedCollectionName, TableSyncSpec> = {
  profiles: {
    collection: 'profiles',
    table: 'profiles',
    readColumns: WITHOUT_SEARCH_VECTOR.profiles,
    direction: 'both',
    perIdentity: false,
    membersOnly: false,
    readable: true,
    insertColumns: ['id', 'username', 'display_name', 'avatar_url', 'banner_url', 'bio', 'location', 'genres', 'social_links', 'monetization', 'signature'],
    updateColumns: ['username', 'display_name', 'avatar_url', 'banner_url', 'bio', 'location', 'genres', 'social_links', 'monetization', 'signature'],
    timestampFields: ['created_at', 'updated_at'],
    // The member's own profile: settings edit it offline, the header and guards read it.
    alwaysKept: (scope) => (scope.userId ? [scope.userId] : []),
    normalize: (doc) => {
      defaults({ role: 'fan', karma: 0, username: '' })(doc);
      if (doc.display_name === null || doc.display_name === undefined) doc.display_name = doc.username;
    },
  },
  followers: {
    collection: 'followers',
    table: 'followers',
    direction: 'both',
    perIdentity: false,
    membersOnly: false,
    readable: true,
    insertColumns: ['id', 'follower_id', 'following_id'],
    updateColumns: ['_deleted'],
    timestampFields: ['created_at'],
  },
  notifications: {
    collection: 'notifications',
    table: 'notifications',
    direction: 'both',
    perIdentity: true,
    membersOnly: true,
    readable: true,
    insertColumns: [],
    updateColumns: ['is_read'],
    timestampFields: ['created_at'],
    normalize: defaults({ is_read: false }),
    filter: (scope) => `user_id.eq.${scope.userId}`,
    accepts: (row, scope) => row.user_id === scope.userId,
  },
  user_activities: {
    collection: 'user_activities',
    table: 'user_activities',
    direction: 'pull',
    perIdentity: false,
    membersOnly: false,
    readable: true,
    insertColumns: [],
    updateColumns: [],
    timestampFields: ['created_at'],
    filter: (scope) => `created_at.gte."${sinceIso(scope, RECENT_WINDOW_DAYS * 2)}"`,
  },
  discussions: {
    collection: 'discussions',
    table: 'discussions',
    readColumns: WITHOUT_SEARCH_VECTOR.discussions,
    direction: 'both',
    perIdentity: false,
    membersOnly: false,
    readable: true,
    insertColumns: ['id', 'user_id', 'title', 'category'],
    updateColumns: ['title', 'category', 'is_locked', 'is_pinned', '_deleted'],
    timestampFields: ['created_at', 'updated_at', 'last_activity_at'],
    normalize: (doc) => {
      defaults({ is_pinned: false, is_locked: false, post_count: 0 })(doc);
      if (!doc.last_activity_at) doc.last_activity_at = doc.created_at;
    },
  },
  posts: {
    collection: 'posts',
    table: 'posts',
    direction: 'both',
    perIdentity: true,
    membersOnly: false,
    readable: true,
    insertColumns: ['id', 'discussion_id', 'user_id', 'parent_post_id', 'quoted_post_id', 'content'],
    updateColumns: ['content', 'is_solution', '_deleted'],
    timestampFields: ['created_at', 'updated_at'],
    normalize: defaults({ is_solution: false }),
    // Only the threads this device keeps; the member's own posts wherever they are.
    filter: (scope) => {
      const ids = scope.discussionIds ?? [];
      const parts: string[] = [];
      // Sorted: the same threads named in another order (the server's ranking, then the store's) are the
      // same request, so a page asked for ahead is still the one wanted.
      if (ids.length > 0) parts.push(`discussion_id.in.(${[...ids].sort().join(',')})`);
      if (scope.userId) parts.push(`user_id.eq.${scope.userId}`);
      // A device that keeps no thread yet still needs a condition that matches nothing.
      return parts.length > 0 ? `or(${parts.join(',')})` : 'discussion_id.is.null';
    },
    accepts: (row, scope) => (scope.userId !== null && row.user_id === scope.userId) || (scope.discussionIds ?? []).includes(String(row.discussion_id)),
  },
  reactions: {
    collection: 'reactions',
    table: 'reactions',
    direction: 'both',
    perIdentity: true,
    membersOnly: true,
    readable: true,
    insertColumns: ['id', 'post_id', 'user_id', 'reaction_type'],
    updateColumns: ['_deleted'],
    timestampFields: ['created_at'],
    // Counts travel in posts.reactions_summary; the device only needs the member's own likes.
    filter: (scope) => `user_id.eq.${scope.userId}`,
    accepts: (row, scope) => row.user_id === scope.userId,
  },
  user_content: {
    collection: 'user_content',
    table: 'user_content',
    direction: 'both',
    perIdentity: true,
    membersOnly: false,
    readable: true,
    insertColumns: ['id', 'user_id', 'title', 'description', 'type', 'genre', 'tags', 'content_url', 'cover_image_url', 'is_public'],
    updateColumns: ['title', 'description', 'type', 'genre', 'tags', 'content_url', 'cover_image_url', 'is_public', '_deleted'],
    timestampFields: ['created_at', 'updated_at'],
    normalize: defaults({ is_public: true }),
  },
  blog_posts: {
    collection: 'blog_posts',
    table: 'blog_posts',
    readColumns: WITHOUT_SEARCH_VECTOR.blog_posts,
    direction: 'both',
    perIdentity: true,
    membersOnly: false,
    readable: true,
    insertColumns: [
      'id',
      'title',
      'slug',
      'content',
      'content_markdown',
      'excerpt',
      'author_id',
      'status',
      'is_featured',
      'published_at',
      'cover_image_url',
      'tags',
    ],
    updateColumns: ['title', 'slug', 'content', 'content_markdown', 'excerpt', 'status', 'is_featured', 'published_at', 'cover_image_url', 'tags', '_deleted'],
    timestampFields: ['created_at', 'updated_at', 'published_at'],
    normalize: defaults({ published_at: '', is_featured: false, status: 'draft' }),
  },
  contact_messages: {
    collection: 'contact_messages',
    table: 'contact_messages',
    direction: 'push',
    perIdentity: false,
    membersOnly: false,
    readable: false,
    insertColumns: ['id', 'name', 'email', 'subject', 'message', 'user_id'],
    updateColumns: [],
    timestampFields: ['created_at'],
  },
};
