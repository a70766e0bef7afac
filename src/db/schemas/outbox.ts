import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import { ID_FIELD, NULLABLE_STRING, TIMESTAMP_FIELD } from './fields';

export const OUTBOX_STATES = ['waiting', 'sent', 'rejected', 'conflict'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export const OUTBOX_OPS = ['insert', 'update', 'delete'] as const;
export type OutboxOp = (typeof OUTBOX_OPS)[number];

/**
 * Local only: one record per document a member wrote on this device, written
 * by `mutate` (src/db/mutate.ts) with the document in one step. It carries
 * the one state the UI, the push, sign-out and a sender outside the page read
 * (waiting, sent, conflict, rejected with the server's reason), and what must
 * be sent: the operation, the columns (a new row's, or only the changed ones)
 * and the server's version the member edited, so something that cannot run
 * RxDB can send it from this record alone.
 */
export interface OutboxDoc {
  /** `${collection}:${doc_id}` */
  id: string;
  collection_name: string;
  doc_id: string;
  state: OutboxState;
  reason?: string | null;
  user_id?: string | null;
  updated_at: string;
  /** absent on records written before operations were kept, and on writes recorded without the write path */
  op?: OutboxOp | null;
  /** the columns to send: every insert column of a new row, or the changed ones merged over earlier unsent changes */
  columns?: Record<string, unknown> | null;
  /** what the changed columns held before the member's first unsent change, to tell their change from another's */
  previous?: Record<string, unknown> | null;
  /** the server's version (`server_modified`) the member's change was made on; null for a row the server never had */
  base?: string | null;
}

/** The record's id: one record per document a member wrote. */
export function outboxId(collection: string, docId: string): string {
  return `${collection}:${docId}`;
}

export const outboxSchema: RxJsonSchema<OutboxDoc> = {
  title: 'outbox',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 120 },
    collection_name: { type: 'string', maxLength: 40 },
    doc_id: ID_FIELD,
    state: { type: 'string', enum: [...OUTBOX_STATES], maxLength: 20 },
    reason: NULLABLE_STRING,
    user_id: NULLABLE_STRING,
    updated_at: TIMESTAMP_FIELD,
    op: NULLABLE_STRING,
    columns: { type: ['object', 'null'] },
    previous: { type: ['object', 'null'] },
    base: NULLABLE_STRING,
  },
  required: ['id', 'collection_name', 'doc_id', 'state', 'updated_at'],
  indexes: [['state', 'updated_at']],
};

/** Records kept before operations were recorded carry none; the push still sends their documents as RxDB tracks them. */
export const outboxMigrationStrategies: MigrationStrategies = {
  1: (doc: OutboxDoc): OutboxDoc => ({ ...doc, op: null, columns: null, previous: null, base: null }),
};
