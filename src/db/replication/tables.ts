import { REPLICATED_TABLES, REPLICATED_COLLECTIONS, type ReplicatedCollectionName } from '../collections';
import type { TableSyncSpec } from './table-spec';

export { RECENT_WINDOW_DAYS, type PullScope, type TableSyncSpec } from './table-spec';

/** How replication moves each table, as its declaration in src/db/schemas/ says. */
export const TABLE_SPECS = Object.fromEntries(REPLICATED_COLLECTIONS.map((name) => [name, REPLICATED_TABLES[name].sync])) as Record<
  ReplicatedCollectionName,
  TableSyncSpec
>;
