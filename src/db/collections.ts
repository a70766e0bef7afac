import type { MigrationStrategies, RxCollection, RxConflictHandler, RxJsonSchema } from 'rxdb';
import { blogPostsTable, type BlogPostDoc } from './schemas/blog-posts';
import { discussionReadsTable, type DiscussionReadDoc } from './schemas/discussion-reads';
import { discussionsTable, type DiscussionDoc } from './schemas/discussions';
import { draftsTable, type DraftDoc } from './schemas/drafts';
import { followersTable, type FollowerDoc } from './schemas/followers';
import { notificationsTable, type NotificationDoc } from './schemas/notifications';
import { outboxMigrationStrategies, outboxSchema, type OutboxDoc } from './schemas/outbox';
import { pinnedTable, type PinnedDoc } from './schemas/pinned';
import { postsTable, type PostDoc } from './schemas/posts';
import { profilesTable, type ProfileDoc } from './schemas/profiles';
import { reactionsTable, type ReactionDoc } from './schemas/reactions';
import { userActivitiesTable, type UserActivityDoc } from './schemas/user-activities';
import { userContentTable, type UserContentDoc } from './schemas/user-content';

/**
 * Document type of each collection; collection name = table name for replicated ones.
 * RxDB's open-source build allows 13 open collections per JavaScript context
 * (a 14th waits ~2 s, more throw COL23): this list is at that limit.
 */
export interface AppDocTypes {
  profiles: ProfileDoc;
  followers: FollowerDoc;
  notifications: NotificationDoc;
  user_activities: UserActivityDoc;
  discussions: DiscussionDoc;
  posts: PostDoc;
  reactions: ReactionDoc;
  user_content: UserContentDoc;
  blog_posts: BlogPostDoc;
  discussion_reads: DiscussionReadDoc;
  drafts: DraftDoc;
  pinned: PinnedDoc;
  outbox: OutboxDoc;
}

export type CollectionName = keyof AppDocTypes;
export type AppCollections = { [K in CollectionName]: RxCollection<AppDocTypes[K]> };

export const REPLICATED_COLLECTIONS = [
  'profiles',
  'followers',
  'notifications',
  'user_activities',
  'discussions',
  'posts',
  'reactions',
  'user_content',
  'blog_posts',
  'discussion_reads',
  'drafts',
  'pinned',
] as const satisfies readonly CollectionName[];
export type ReplicatedCollectionName = (typeof REPLICATED_COLLECTIONS)[number];

export function isReplicatedCollection(name: string): name is ReplicatedCollectionName {
  return (REPLICATED_COLLECTIONS as readonly string[]).includes(name);
}

/**
 * Tables the device only sends to and never keeps (the contact form): a write lives only in its outbox
 * record until the server has it (src/db/queued-sends.ts), so it needs no collection of its own.
 */
export const QUEUED_TABLES = ['contact_messages'] as const;
export type QueuedTableName = (typeof QUEUED_TABLES)[number];
/** What an outbox record's write goes to: a replicated collection or a send-only table. */
export type OutboxCollectionName = ReplicatedCollectionName | QueuedTableName;

export const LOCAL_ONLY_COLLECTIONS = ['outbox'] as const satisfies readonly CollectionName[];

export interface CollectionDefinition<T> {
  schema: RxJsonSchema<T>;
  migrationStrategies: MigrationStrategies;
  /** how the device resolves a conflict; absent: the server's state wins */
  conflictHandler?: RxConflictHandler<T>;
}

/** The declaration of each replicated table (src/db/schemas/): its schema, document type and replication spec. */
export const REPLICATED_TABLES = {
  profiles: profilesTable,
  followers: followersTable,
  notifications: notificationsTable,
  user_activities: userActivitiesTable,
  discussions: discussionsTable,
  posts: postsTable,
  reactions: reactionsTable,
  user_content: userContentTable,
  blog_posts: blogPostsTable,
  discussion_reads: discussionReadsTable,
  drafts: draftsTable,
  pinned: pinnedTable,
} as const satisfies { [K in ReplicatedCollectionName]: { schema: RxJsonSchema<AppDocTypes[K]> } };

export const COLLECTION_DEFINITIONS: { [K in CollectionName]: CollectionDefinition<AppDocTypes[K]> } = {
  ...REPLICATED_TABLES,
  outbox: { schema: outboxSchema, migrationStrategies: outboxMigrationStrategies },
};
