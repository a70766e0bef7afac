import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import { ID_FIELD, TIMESTAMP_FIELD } from './fields';

export const PINNABLE_TYPES = ['discussion', 'blog_post'] as const;
export type PinnableType = (typeof PINNABLE_TYPES)[number];

/** Why the device keeps an item: the member pinned it ('Keep offline'), or opened it. */
export const KEEP_REASONS = ['keep_offline', 'visited'] as const;
export type KeepReason = (typeof KEEP_REASONS)[number];

/**
 * Local only: what the device keeps syncing beyond the recent window.
 * Visits share this collection with pins because RxDB's open-source build
 * allows 13 open collections per process.
 */
export interface PinnedDoc {
  /** `${reason}:${entity_type}:${entity_id}` */
  id: string;
  reason: KeepReason;
  entity_type: PinnableType;
  entity_id: string;
  pinned_at: string;
}

export const pinnedSchema: RxJsonSchema<PinnedDoc> = {
  title: 'pinned',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 120 },
    reason: { type: 'string', enum: [...KEEP_REASONS], maxLength: 20 },
    entity_type: { type: 'string', enum: [...PINNABLE_TYPES], maxLength: 20 },
    entity_id: ID_FIELD,
    pinned_at: TIMESTAMP_FIELD,
  },
  required: ['id', 'reason', 'entity_type', 'entity_id', 'pinned_at'],
  indexes: [
    ['reason', 'pinned_at'],
    ['entity_type', 'entity_id'],
  ],
};

export const pinnedMigrationStrategies: MigrationStrategies = {};
