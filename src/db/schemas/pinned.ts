import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import type { TableSyncSpec } from '../replication/table-spec';
import { ID_FIELD, NULLABLE_ID, NULLABLE_STRING, NULLABLE_TIMESTAMP, SERVER_MODIFIED_FIELD, TIMESTAMP_FIELD } from './fields';

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
 * What the device keeps syncing beyond the recent window, and the member's bookmarks.
 * They share this collection because RxDB's open-source build allows 13 open collections per process.
 */
export interface PinnedDoc {
  /** `${reason}:${entity_type}:${entity_id}` for pins and visits; a bookmark's id is its row's */
  id: string;
  reason: KeepReason;
  entity_type: BookmarkableType;
  entity_id: string;
  pinned_at: string;
  /** a bookmark's member, note, reminder, when the reminder went out, the thread of a bookmarked post */
  user_id?: string | null;
  note?: string | null;
  remind_at?: string | null;
  reminded_at?: string | null;
  discussion_id?: string | null;
  created_at?: string | null;
  server_modified?: string | null;
}

export const pinnedSchema: RxJsonSchema<PinnedDoc> = {
  title: 'pinned',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 120 },
    reason: { type: 'string', enum: [...KEEP_REASONS], maxLength: 20 },
    entity_type: { type: 'string', enum: [...BOOKMARKABLE_TYPES], maxLength: 20 },
    entity_id: ID_FIELD,
    pinned_at: TIMESTAMP_FIELD,
    user_id: NULLABLE_STRING,
    note: NULLABLE_STRING,
    remind_at: NULLABLE_TIMESTAMP,
    reminded_at: NULLABLE_TIMESTAMP,
    discussion_id: NULLABLE_ID,
    created_at: NULLABLE_TIMESTAMP,
    server_modified: SERVER_MODIFIED_FIELD,
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

/**
 * Bookmarks replicate with the member's `bookmarks` table; the collection keeps its name (and its pins and
 * visits), so its replication rules are written out here rather than derived from a table of the same name.
 */
export const pinnedSync: TableSyncSpec = {
  collection: 'pinned',
  table: 'bookmarks',
  direction: 'both',
  perIdentity: true,
  membersOnly: true,
  readable: true,
  insertColumns: ['id', 'user_id', 'entity_type', 'entity_id', 'note', 'remind_at'],
  updateColumns: ['note', 'remind_at', '_deleted'],
  timestampFields: ['created_at', 'remind_at', 'reminded_at'],
  normalize: (doc) => {
    doc.reason = 'bookmark';
    doc.pinned_at = doc.created_at ?? doc.pinned_at ?? new Date(0).toISOString();
  },
  untracked: true,
  filter: (scope) => `user_id.eq.${scope.userId}`,
  accepts: (row, scope) => row.user_id === scope.userId,
  pushes: isSyncedBookmark,
};

export const pinnedTable = { name: 'pinned', schema: pinnedSchema, migrationStrategies: pinnedMigrationStrategies, sync: pinnedSync } as const;
