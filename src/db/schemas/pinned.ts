import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import { defineTable, storedAs, type DocOf, type ReplicatedTable } from './declare-table';
import { ID_FIELD, NULLABLE_ID, NULLABLE_STRING, NULLABLE_TIMESTAMP, TIMESTAMP_FIELD } from './fields';

export const PINNABLE_TYPES = ['discussion', 'blog_post'] as const;
export type PinnableType = (typeof PINNABLE_TYPES)[number];

/** What a member can bookmark. */
export const BOOKMARKABLE_TYPES = ['discussion', 'post', 'blog_post'] as const;
export type BookmarkableType = (typeof BOOKMARKABLE_TYPES)[number];

/**
 * Why the device keeps an item: the member pinned it ('Keep offline'), opened it, or bookmarked it.
 * Only bookmarks leave the device (the member's private bookmarks table); pins and visits are this
 * device's own and are never pushed or pulled.
 */
export const KEEP_REASONS = ['keep_offline', 'visited', 'bookmark'] as const;
export type KeepReason = (typeof KEEP_REASONS)[number];

/** The longest bookmark note; the database refuses a longer one with the same limit. */
export const BOOKMARK_NOTE_MAX = 500;

/**
 * A bookmark as the member's private bookmarks table has it. The device files bookmarks in the pinned
 * collection (RxDB's open-source build allows 13 open collections per process), beside its own pins and
 * visits, which never leave it.
 */
const bookmarks = defineTable({
  table: 'bookmarks',
  version: 1,
  direction: 'both',
  perIdentity: true,
  membersOnly: true,
  deletable: true,
  columns: {
    /** `${reason}:${entity_type}:${entity_id}` for pins and visits; a bookmark's id is its row's */
    id: { field: { type: 'string', maxLength: 120 }, required: true, insert: true },
    entity_type: { field: { type: 'string', enum: [...BOOKMARKABLE_TYPES], maxLength: 20 }, required: true, insert: true, type: storedAs<BookmarkableType>() },
    entity_id: { field: ID_FIELD, required: true, insert: true },
    user_id: { field: NULLABLE_STRING, insert: true },
    note: { field: NULLABLE_STRING, insert: true, update: true },
    remind_at: { field: NULLABLE_TIMESTAMP, insert: true, update: true, timestamp: true },
    reminded_at: { field: NULLABLE_TIMESTAMP, timestamp: true },
    /** the thread of a bookmarked post (the database fills it) */
    discussion_id: { field: NULLABLE_ID },
    created_at: { field: NULLABLE_TIMESTAMP, timestamp: true },
  },
  normalize: (doc) => {
    doc.reason = 'bookmark';
    doc.pinned_at = doc.created_at ?? doc.pinned_at ?? new Date(0).toISOString();
  },
  untracked: true,
  filter: (scope) => `user_id.eq.${scope.userId}`,
  accepts: (row, scope) => row.user_id === scope.userId,
  pushes: (doc, userId) => isSyncedBookmark(doc, userId),
});

/** Kept on the device only: why it keeps the item, and since when. */
interface DeviceOnlyColumns {
  reason: KeepReason;
  pinned_at: string;
}

/**
 * What the device keeps syncing beyond the recent window (pins and visits: the bookmark's columns absent),
 * and the member's bookmarks.
 */
export type PinnedDoc = DocOf<typeof bookmarks> & DeviceOnlyColumns;

const bookmarkFields = bookmarks.schema.properties;
/** The collection's schema as devices hold it: the bookmark's columns with the device's own, in their stored order. */
export const pinnedSchema: RxJsonSchema<PinnedDoc> = {
  title: 'pinned',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: bookmarkFields.id,
    reason: { type: 'string', enum: [...KEEP_REASONS], maxLength: 20 },
    entity_type: bookmarkFields.entity_type,
    entity_id: bookmarkFields.entity_id,
    pinned_at: TIMESTAMP_FIELD,
    user_id: bookmarkFields.user_id,
    note: bookmarkFields.note,
    remind_at: bookmarkFields.remind_at,
    reminded_at: bookmarkFields.reminded_at,
    discussion_id: bookmarkFields.discussion_id,
    created_at: bookmarkFields.created_at,
    server_modified: bookmarkFields.server_modified,
  },
  required: ['id', 'reason', 'entity_type', 'entity_id', 'pinned_at'],
  indexes: [
    ['reason', 'pinned_at'],
    ['entity_type', 'entity_id'],
  ],
};

// Pins and visits stored before bookmarks simply lack the bookmark's columns.
export const pinnedMigrationStrategies: MigrationStrategies = { 1: (doc: PinnedDoc) => doc };

/** A bookmark document that goes to the server: the signed-in member's own. */
export function isSyncedBookmark(doc: Record<string, unknown>, userId: string | null): boolean {
  return doc.reason === 'bookmark' && userId !== null && doc.user_id === userId;
}

/** Bookmarks replicate with the member's `bookmarks` table from the pinned collection. */
export const pinnedTable: ReplicatedTable<'pinned', PinnedDoc> = {
  name: 'pinned',
  schema: pinnedSchema,
  migrationStrategies: pinnedMigrationStrategies,
  sync: { ...bookmarks.sync, collection: 'pinned' },
};
