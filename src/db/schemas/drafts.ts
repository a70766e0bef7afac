import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import { ID_FIELD, NULLABLE_STRING, TIMESTAMP_FIELD } from './fields';

export const DRAFT_KINDS = ['reply', 'discussion', 'profile', 'post_edit', 'rejected', 'conflict'] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];

/** Local only: text a member is writing, or text the server refused / overrode. */
export interface DraftDoc {
  id: string;
  kind: DraftKind;
  /** what the draft belongs to, e.g. the discussion id of a reply */
  key: string;
  /** the replicated collection and document a rejected / conflicting write was for */
  collection_name?: string | null;
  doc_id?: string | null;
  content?: string | null;
  fields?: Record<string, unknown> | null;
  /** the server's message for 'rejected', an explanation for 'conflict' */
  reason?: string | null;
  /** which member wrote it; signing out removes a member's drafts */
  user_id?: string | null;
  updated_at: string;
}

export const draftsSchema: RxJsonSchema<DraftDoc> = {
  title: 'drafts',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID_FIELD,
    kind: { type: 'string', enum: [...DRAFT_KINDS], maxLength: 20 },
    key: { type: 'string', maxLength: 128 },
    collection_name: NULLABLE_STRING,
    doc_id: NULLABLE_STRING,
    content: NULLABLE_STRING,
    fields: { type: ['object', 'null'] },
    reason: NULLABLE_STRING,
    user_id: NULLABLE_STRING,
    updated_at: TIMESTAMP_FIELD,
  },
  required: ['id', 'kind', 'key', 'updated_at'],
  indexes: [['kind', 'key'], 'updated_at'],
};

export const draftsMigrationStrategies: MigrationStrategies = {};
