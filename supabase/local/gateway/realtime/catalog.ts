import type pg from 'pg';
import { TABLE_INFO_TTL_MS } from './constants';

/** The API roles a subscriber can have; anything else is treated as anon (as `withClaims` does). */
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];

export function apiRole(role: unknown): ApiRole {
  return (API_ROLES as readonly unknown[]).includes(role) ? (role as ApiRole) : 'anon';
}

export interface ColumnInfo {
  name: string;
  /** pg_type.typname, what walrus puts in `columns[].type` */
  type: string;
  /** format_type(), usable in a cast */
  sqlType: string;
}

export interface TableInfo {
  relid: number;
  schema: string;
  table: string;
  rls: boolean;
  primaryKey: string[];
  columns: ColumnInfo[];
  types: Map<string, string>;
  sqlTypes: Map<string, string>;
  /** columns each role may select (column or table grants) */
  selectable: Record<ApiRole, Set<string>>;
  fetchedAt: number;
}

interface Row {
  relid: number;
  schema: string;
  table: string;
  rls: boolean;
  pk: string[];
  columns: Array<{ name: string; type: string; sql_type: string; anon: boolean; authenticated: boolean; service_role: boolean }>;
}

const TABLE_SQL = `
select c.oid::int as relid, n.nspname as schema, c.relname as table, c.relrowsecurity as rls,
  coalesce((
    select array_agg(a.attname::text order by k.ord)
    from pg_index i
    cross join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, ord)
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
    where i.indrelid = c.oid and i.indisprimary
  ), '{}') as pk,
  coalesce((
    select json_agg(json_build_object(
      'name', a.attname, 'type', t.typname, 'sql_type', format_type(a.atttypid, a.atttypmod),
      'anon', has_column_privilege('anon', c.oid, a.attnum, 'SELECT'),
      'authenticated', has_column_privilege('authenticated', c.oid, a.attnum, 'SELECT'),
      'service_role', has_column_privilege('service_role', c.oid, a.attnum, 'SELECT')
    ) order by a.attnum)
    from pg_attribute a join pg_type t on t.oid = a.atttypid
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  ), '[]') as columns
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'p') and `;

function toInfo(row: Row): TableInfo {
  const selectable = { anon: new Set<string>(), authenticated: new Set<string>(), service_role: new Set<string>() };
  for (const col of row.columns) for (const role of API_ROLES) if (col[role]) selectable[role].add(col.name);
  return {
    relid: row.relid,
    schema: row.schema,
    table: row.table,
    rls: row.rls,
    primaryKey: row.pk,
    columns: row.columns.map((c) => ({ name: c.name, type: c.type, sqlType: c.sql_type })),
    types: new Map(row.columns.map((c) => [c.name, c.type])),
    sqlTypes: new Map(row.columns.map((c) => [c.name, c.sql_type])),
    selectable,
    fetchedAt: Date.now(),
  };
}

/** Primary key, RLS flag, column types and grants of published tables, read as superuser and cached briefly. */
export class Catalog {
  private byOid = new Map<number, Promise<TableInfo | null>>();

  constructor(private readonly db: pg.Pool) {}

  async byRelid(relid: number): Promise<TableInfo | null> {
    const cached = this.byOid.get(relid);
    if (cached) {
      const info = await cached.catch(() => null);
      if (info && Date.now() - info.fetchedAt < TABLE_INFO_TTL_MS) return info;
    }
    const pending = this.db.query<Row>(`${TABLE_SQL} c.oid = $1`, [relid]).then((r) => (r.rows[0] ? toInfo(r.rows[0]) : null));
    this.byOid.set(relid, pending);
    pending.catch(() => this.byOid.delete(relid));
    return pending;
  }

  async byName(schema: string, table: string): Promise<TableInfo | null> {
    const { rows } = await this.db.query<Row>(`${TABLE_SQL} n.nspname = $1 and c.relname = $2`, [schema, table]);
    return rows[0] ? toInfo(rows[0]) : null;
  }

  async schemaExists(schema: string): Promise<boolean> {
    const { rowCount } = await this.db.query('select 1 from pg_namespace where nspname = $1', [schema]);
    return (rowCount ?? 0) > 0;
  }

  /** A Relation message means the table changed shape (or grants, RLS): read it again. */
  invalidate(relid: number): void {
    this.byOid.delete(relid);
  }
}
