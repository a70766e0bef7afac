import type { RxJsonSchema } from 'rxdb';
import { v5 as uuidv5 } from 'uuid';
import { defineTable, storedAs, type DocOf, type ReplicatedTable } from './declare-table';
import { ID_FIELD, JSON_OBJECT, NULLABLE_STRING, TIMESTAMP_FIELD } from './fields';

export const DRAFT_KINDS = ['reply', 'discussion', 'profile', 'post_edit', 'rejected', 'conflict'] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];

/**
 * What a member is writing follows them to every device. The text of a write the server refused or
 * overrode ('rejected', 'conflict') stays on the device that sent it: it belongs to that device's
 * queue and carries that queue's reason, and the other device never had the write.
 */
export const SYNCED_DRAFT_KINDS = ['reply', 'discussion', 'post_edit'] as const satisfies readonly DraftKind[];

/** uuid v5 namespace of draft ids, so every device of a member names one draft alike. */
const DRAFT_ID_NAMESPACE = '0f6d0c1e-4f0b-5d7e-9a51-6c2f5a1d7b38';

/** The id of a member's draft of one kind for one thing (a thread's reply, the new discussion). */
export function draftId(userId: string, kind: DraftKind, key: string): string {
  return uuidv5(`draft:${userId}:${kind}:${key}`, DRAFT_ID_NAMESPACE);
}

const declared = defineTable({
  table: 'drafts',
  version: 1,
  migrationStrategies: {
    // Drafts written before they synced were named by kind and key alone; a member's own take the id every device computes.
    1: (doc: Record<string, unknown>) => {
      const kind = doc.kind as DraftKind;
      if ((SYNCED_DRAFT_KINDS as readonly string[]).includes(kind) && typeof doc.user_id === 'string' && typeof doc.key === 'string') {
        return { ...doc, id: draftId(doc.user_id, kind, doc.key) };
      }
      return doc;
    },
  },
  direction: 'both',
  perIdentity: true,
  membersOnly: true,
  deletable: true,
  columns: {
    id: { field: ID_FIELD, required: true, insert: true },
    user_id: { field: NULLABLE_STRING, insert: true },
    kind: { field: { type: 'string', enum: [...DRAFT_KINDS], maxLength: 20 }, required: true, insert: true, type: storedAs<DraftKind>() },
    key: { field: { type: 'string', maxLength: 128 }, required: true, insert: true },
    content: { field: NULLABLE_STRING, insert: true, update: true },
    fields: { field: JSON_OBJECT, insert: true, update: true, type: storedAs<Record<string, unknown>>() },
    updated_at: { field: TIMESTAMP_FIELD, required: true, insert: true, update: true, timestamp: true },
  },
  indexes: [['kind', 'key'], 'updated_at'],
  // Only the signed-in member's own.
  filter: (scope) => `user_id.eq.${scope.userId}`,
  accepts: (row, scope) => row.user_id === scope.userId,
  pushes: (doc, userId) => isSyncedDraft(doc, userId),
  newerWins: 'updated_at',
  untracked: true,
});

/** Kept on the device only: the refused write's collection, row and the server's reason. */
interface DeviceOnlyColumns {
  /** the replicated collection and document a rejected / conflicting write was for */
  collection_name?: string | null;
  doc_id?: string | null;
  /** the server's message for 'rejected', an explanation for 'conflict' */
  reason?: string | null;
}

/** Text a member is writing (synced), or text the server refused / overrode (this device only). */
export type DraftDoc = DocOf<typeof declared> & DeviceOnlyColumns;

/** A draft that goes to the member's drafts table: their own, of a kind that follows them, under the shared id. */
/** The drafts table's limit (drafts_content_length). */
export const DRAFT_CONTENT_MAX = 50_000;

export function isSyncedDraft(doc: Record<string, unknown>, userId: string | null): boolean {
  const kind = doc.kind as DraftKind;
  return (
    userId !== null &&
    // Longer than the drafts table stores: refused there, so it stays on this device (where it is never lost).
    (typeof doc.content !== 'string' || doc.content.length <= DRAFT_CONTENT_MAX) &&
    doc.user_id === userId &&
    (SYNCED_DRAFT_KINDS as readonly string[]).includes(kind) &&
    typeof doc.key === 'string' &&
    doc.id === draftId(userId, kind, doc.key)
  );
}

export const draftsTable: ReplicatedTable<'drafts', DraftDoc> = {
  ...declared,
  schema: {
    ...declared.schema,
    properties: { ...declared.schema.properties, collection_name: NULLABLE_STRING, doc_id: NULLABLE_STRING, reason: NULLABLE_STRING },
  } as RxJsonSchema<DraftDoc>,
};
export const draftsSchema = draftsTable.schema;
