import type { MigrationStrategies, RxCollection, RxConflictHandler, RxJsonSchema } from 'rxdb';
import type { DocOf } from './schemas/declare-table';
import { blogPostsTable } from './schemas/blog-posts';
import { discussionReadsTable } from './schemas/discussion-reads';
import { discussionsTable } from './schemas/discussions';
import { draftsTable } from './schemas/drafts';
import { followersTable } from './schemas/followers';
import { notificationsTable } from './schemas/notifications';
import { outboxMigrationStrategies, outboxSchema, type OutboxDoc } from './schemas/outbox';
import { pinnedTable } from './schemas/pinned';
import { postsTable } from './schemas/posts';
import { profilesTable } from './schemas/profiles';
import { reactionsTable } from './schemas/reactions';
import { userActivitiesTable } from './schemas/user-activities';
import { userContentTable } from './schemas/user-content';

/** Checks that each entry is filed under the collection name its declaration gives. */
function namedAsDeclared<const M extends { [K in keyof M]: { name: K } }>(tables: M): M {
  return tables;
}

/**
 * Every replicated table, named once: collection name = table name (the pinned collection replicates
 * bookmarks). The names, document types and definitions below are derived from this map, so a new table
 * is its migration, its declaration in ./schemas and one entry here.
 * RxDB's open-source build allows 13 open collections per JavaScript context (a 14th waits ~2 s, more
 * throw COL23): these 12 and the local outbox are at that limit, so a new table needs a slot freed first.
 */
export const REPLICATED_TABLES = namedAsDeclared({
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
});

type ReplicatedTables = typeof REPLICATED_TABLES;
export type ReplicatedCollectionName = keyof ReplicatedTables;

export const REPLICATED_COLLECTIONS = Object.keys(REPLICATED_TABLES) as readonly ReplicatedCollectionName[];

/** Document type of each collection: the replicated tables' from their declarations, and the local outbox. */
export type AppDocTypes = { [K in ReplicatedCollectionName]: DocOf<ReplicatedTables[K]> } & { outbox: OutboxDoc };

export type CollectionName = keyof AppDocTypes;
export type AppCollections = { [K in CollectionName]: RxCollection<AppDocTypes[K]> };

export function isReplicatedCollection(name: string): name is ReplicatedCollectionName {
  return Object.hasOwn(REPLICATED_TABLES, name);
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

export const COLLECTION_DEFINITIONS: { [K in CollectionName]: CollectionDefinition<AppDocTypes[K]> } = {
  ...REPLICATED_TABLES,
  outbox: { schema: outboxSchema, migrationStrategies: outboxMigrationStrategies },
};
