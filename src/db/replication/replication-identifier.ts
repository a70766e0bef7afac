import type { TableSyncSpec } from './table-spec';

/** The name of a table's replication, under which RxDB keeps its checkpoints and the server's state of each row. */
export function replicationIdentifier(spec: TableSyncSpec, userId: string | null): string {
  // Identity-dependent visibility needs its own checkpoints; sign-out clears these tables (see signout.ts).
  return spec.perIdentity ? `${spec.table}-v1-${userId ?? 'visitor'}` : `${spec.table}-v1`;
}
