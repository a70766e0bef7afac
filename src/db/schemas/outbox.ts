import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import { ID_FIELD, NULLABLE_STRING, TIMESTAMP_FIELD } from './fields';

export const OUTBOX_STATES = ['waiting', 'sent', 'rejected', 'conflict'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/**
 * Local only: the state of each local write as the UI shows it. RxDB's
 * replication meta decides what is pushed; this collection mirrors it per
 * document so a reply can say "waiting", "sent" or "rejected: <reason>" and
 * survive reloads.
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
}

export const outboxSchema: RxJsonSchema<OutboxDoc> = {
  title: 'outbox',
  version: 0,
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
  },
  required: ['id', 'collection_name', 'doc_id', 'state', 'updated_at'],
  indexes: [['state', 'updated_at']],
};

export const outboxMigrationStrategies: MigrationStrategies = {};
