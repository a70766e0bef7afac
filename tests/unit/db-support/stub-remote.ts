import type { Checkpoint, PageRequest, RankedRequest, RemoteResult, RemoteTable } from '@/db/replication/remote-table';
import type { RemoteError } from '@/db/replication/errors';
import type { Row } from '@/db/replication/row-mapping';

type Answer = { error: RemoteError; status: number };

let clock = Date.parse('2026-01-01T00:00:00Z');
/** A strictly increasing `_modified` in PostgREST's format. */
export function nextModified(): string {
  clock += 1;
  return new Date(clock).toISOString().replace('Z', '000+00:00');
}

function position(row: Row): Checkpoint {
  return { modified: String(row._modified), id: String(row.id) };
}
function compare(a: Checkpoint, b: Checkpoint): number {
  return (
    Date.parse(a.modified) - Date.parse(b.modified) || (a.modified < b.modified ? -1 : a.modified > b.modified ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * An in-memory stand-in for one PostgREST table, for unit tests of the push
 * and pull logic only: it scripts answers (rejections, outages, races) that
 * the real stack is tested for in tests/db.
 */
export class StubTable implements RemoteTable {
  readonly rows = new Map<string, Row>();
  readonly inserts: Row[] = [];
  readonly updates: { id: string; patch: Row }[] = [];
  /** answers to give instead of writing, per document id, consumed in order */
  readonly scripted = new Map<string, Answer[]>();
  /** called before a matching update runs, to simulate another device winning a race */
  beforeUpdate?: (id: string) => void;
  /** when set, every call fails as if offline */
  offline = false;
  /** page requests whose conditions contain one of these are refused as PostgREST refuses a value of the wrong type */
  readonly refusedTerms = new Set<string>();

  constructor(readonly name: string) {}

  put(row: Row): Row {
    const stored = { _deleted: false, ...row, _modified: (row._modified as string | undefined) ?? nextModified() };
    this.rows.set(String(row.id), stored);
    return stored;
  }

  private scriptedAnswer(id: string): Answer | undefined {
    const list = this.scripted.get(id);
    return list?.shift();
  }

  private offlineResult<T>(data: T): RemoteResult<T> | null {
    return this.offline ? { data, error: { message: 'TypeError: fetch failed' }, status: 0 } : null;
  }

  async selectPage(request: PageRequest): Promise<RemoteResult<Row[] | null>> {
    const off = this.offlineResult(null);
    if (off) return off;
    const refused = [...this.refusedTerms].find((term) => request.conditions.some((c) => c.includes(term)));
    if (refused) return { data: null, error: { code: '22P02', message: `invalid input syntax for type uuid: "${refused}"` }, status: 400 };
    let rows = [...this.rows.values()].sort((a, b) => compare(position(a), position(b)));
    if (request.after) rows = rows.filter((r) => compare(position(r), request.after!) > 0);
    if (request.atMost) rows = rows.filter((r) => compare(position(r), request.atMost!) <= 0);
    if (request.since) rows = rows.filter((r) => Date.parse(String(r._modified)) >= Date.parse(request.since!));
    rows = rows.slice(request.offset ?? 0, (request.offset ?? 0) + request.limit);
    if (request.columns === 'id,_modified') rows = rows.map((r) => ({ id: r.id, _modified: r._modified }));
    return { data: rows.map((r) => ({ ...r })), error: null, status: 200 };
  }

  /** Ranks live rows by the request's order; like selectPage, it leaves conditions to the real server's tests. */
  async selectRanked(request: RankedRequest): Promise<RemoteResult<Row[] | null>> {
    const off = this.offlineResult(null);
    if (off) return off;
    const value = (row: Row, column: string) => String(row[column] ?? '');
    const rows = [...this.rows.values()]
      .filter((row) => !row._deleted)
      .sort((a, b) => {
        for (const { column, ascending } of request.order) {
          const order = value(a, column) < value(b, column) ? -1 : value(a, column) > value(b, column) ? 1 : 0;
          if (order !== 0) return ascending ? order : -order;
        }
        return 0;
      })
      .slice(0, request.limit);
    return { data: rows.map((row) => Object.fromEntries(request.columns.split(',').map((column) => [column, row[column]]))), error: null, status: 200 };
  }

  async selectByIds(ids: string[]): Promise<RemoteResult<Row[] | null>> {
    const off = this.offlineResult(null);
    if (off) return off;
    return {
      data: ids
        .map((id) => this.rows.get(id))
        .filter((r): r is Row => !!r)
        .map((r) => ({ ...r })),
      error: null,
      status: 200,
    };
  }

  async insert(row: Row, returnRow: boolean): Promise<RemoteResult<Row | null>> {
    const off = this.offlineResult(null);
    if (off) return off;
    const answer = this.scriptedAnswer(String(row.id));
    if (answer) return { data: null, ...answer };
    if (this.rows.has(String(row.id))) return { data: null, error: { code: '23505', message: 'duplicate key value violates unique constraint' }, status: 409 };
    this.inserts.push(row);
    const stored = this.put({ created_at: new Date(clock).toISOString(), ...row, _modified: undefined });
    return { data: returnRow ? { ...stored } : null, error: null, status: 201 };
  }

  async update(id: string, patch: Row, expectedModified: string): Promise<RemoteResult<Row | null>> {
    const off = this.offlineResult(null);
    if (off) return off;
    const answer = this.scriptedAnswer(id);
    if (answer) return { data: null, ...answer };
    this.beforeUpdate?.(id);
    const current = this.rows.get(id);
    if (!current || current._modified !== expectedModified) return { data: null, error: null, status: 200 };
    this.updates.push({ id, patch });
    const stored = this.put({ ...current, ...patch, _modified: undefined });
    return { data: { ...stored }, error: null, status: 200 };
  }
}

export function stubRemotes(): { tables: Map<string, StubTable>; remote: (table: string) => StubTable } {
  const tables = new Map<string, StubTable>();
  return {
    tables,
    remote: (table) => {
      if (!tables.has(table)) tables.set(table, new StubTable(table));
      return tables.get(table)!;
    },
  };
}
