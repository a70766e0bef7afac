import type { SupabaseClient } from '@supabase/supabase-js';
import type { RemoteError } from './errors';
import type { Row } from './row-mapping';

export interface RemoteResult<T> {
  data: T;
  error: RemoteError | null;
  /** HTTP status; 0 when no response arrived (offline) */
  status: number;
}

/** A position in the `(_modified, id)` order of a table. */
export interface Checkpoint {
  modified: string;
  id: string;
}

export interface PageRequest {
  /** PostgREST logic-tree conditions, all of which must hold */
  conditions: string[];
  /** strictly after this position */
  after?: Checkpoint;
  /** at or before this position */
  atMost?: Checkpoint;
  /** `_modified >= since` */
  since?: string;
  /** rows to skip after `after` */
  offset?: number;
  limit: number;
  columns?: string;
}

/** The first rows of a table in an order of its own (not the checkpointed one). */
export interface RankedRequest {
  /** PostgREST logic-tree conditions, all of which must hold */
  conditions: string[];
  order: { column: string; ascending: boolean }[];
  limit: number;
  columns: string;
}

/**
 * The few operations replication needs from one table. The app and db tests
 * use the supabase-js implementation; unit tests use a stub to script
 * server answers (rejections, conflicts) the real server is tested for elsewhere.
 */
export interface RemoteTable {
  readonly name: string;
  selectPage(request: PageRequest): Promise<RemoteResult<Row[] | null>>;
  selectByIds(ids: string[]): Promise<RemoteResult<Row[] | null>>;
  selectRanked(request: RankedRequest): Promise<RemoteResult<Row[] | null>>;
  /** returns the stored row when `returnRow` (tables the client can read back) */
  insert(row: Row, returnRow: boolean): Promise<RemoteResult<Row | null>>;
  /** updates only when the row still has `_modified = expectedModified`; data null when nothing matched */
  update(id: string, patch: Row, expectedModified: string): Promise<RemoteResult<Row | null>>;
}

function quoted(value: string): string {
  return `"${value.replace(/"/g, '\\"')}"`;
}

export function afterCondition(cp: Checkpoint): string {
  return `or(_modified.gt.${quoted(cp.modified)},and(_modified.eq.${quoted(cp.modified)},id.gt.${cp.id}))`;
}

export function atMostCondition(cp: Checkpoint): string {
  return `or(_modified.lt.${quoted(cp.modified)},and(_modified.eq.${quoted(cp.modified)},id.lte.${cp.id}))`;
}

function toResult<T>(response: { data: unknown; error: unknown; status: number }, data: T): RemoteResult<T> {
  return { data, error: (response.error as RemoteError | null) ?? null, status: response.status };
}

/** supabase-js answers a network failure with status 0 and an error; keep it that way for classifyFailure. */
async function guard<T>(fn: () => Promise<RemoteResult<T>>, empty: T): Promise<RemoteResult<T>> {
  try {
    return await fn();
  } catch (err) {
    return { data: empty, error: { message: err instanceof Error ? err.message : String(err) }, status: 0 };
  }
}

/**
 * A read of the replication's. postgrest-js retries a failed GET by itself (after 1, 2 and 4 s), and
 * while it waits RxDB holds the table: a pull that failed as the network went kept a page that came back
 * from seeing anything for up to 7 s, deaf to the rejoin that proves the server answers. The replication
 * retries on its own terms (the retry gate), so the client's retries are off.
 */
function read(client: SupabaseClient, table: string, columns: string) {
  return client.from(table).select(columns).retry(false);
}

/** `columns` of `table`'s rows for which every condition holds. */
function rowsWhere(client: SupabaseClient, table: string, columns: string, conditions: string[]) {
  const query = read(client, table, columns);
  // One logic tree: postgrest-js appends each .or() as its own parameter.
  return conditions.length > 0 ? query.or(`and(${conditions.join(',')})`) : query;
}

export function supabaseTable(client: SupabaseClient, table: string, readColumns = '*'): RemoteTable {
  return {
    name: table,
    selectPage: (request) =>
      guard(async () => {
        const conditions = [...request.conditions];
        if (request.after) conditions.push(afterCondition(request.after));
        if (request.atMost) conditions.push(atMostCondition(request.atMost));
        if (request.since) conditions.push(`_modified.gte.${quoted(request.since)}`);
        const ordered = rowsWhere(client, table, request.columns ?? readColumns, conditions)
          .order('_modified', { ascending: true })
          .order('id', { ascending: true });
        const offset = request.offset ?? 0;
        const response = await (offset > 0 ? ordered.range(offset, offset + request.limit - 1) : ordered.limit(request.limit));
        return toResult(response, (response.data as unknown as Row[] | null) ?? null);
      }, null),
    selectRanked: (request) =>
      guard(async () => {
        let query = rowsWhere(client, table, request.columns, request.conditions);
        for (const { column, ascending } of request.order) query = query.order(column, { ascending });
        const response = await query.limit(request.limit);
        return toResult(response, (response.data as unknown as Row[] | null) ?? null);
      }, null),
    selectByIds: (ids) =>
      guard(async () => {
        const response = await read(client, table, readColumns).in('id', ids);
        return toResult(response, (response.data as Row[] | null) ?? null);
      }, null),
    insert: (row, returnRow) =>
      guard(async () => {
        if (!returnRow) {
          const response = await client.from(table).insert(row);
          return toResult(response, null);
        }
        const response = await client.from(table).insert(row).select(readColumns);
        const rows = (response.data as Row[] | null) ?? [];
        return toResult(response, rows[0] ?? null);
      }, null),
    update: (id, patch, expectedModified) =>
      guard(async () => {
        const response = await client.from(table).update(patch).eq('id', id).eq('_modified', expectedModified).select(readColumns);
        const rows = (response.data as Row[] | null) ?? [];
        return toResult(response, rows[0] ?? null);
      }, null),
  };
}
