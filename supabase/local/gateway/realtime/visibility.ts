import pg from 'pg';
import type { GatewayContext } from '../context';
import type { Claims } from '../jwt';
import { apiRole, type TableInfo } from './catalog';

/**
 * Row-level security per subscriber, the way walrus does it: the changed row is looked up by
 * primary key in the table *as the subscriber* (role and JWT claims set), so the table's own
 * policies decide. One round trip per transaction and table checks every distinct claims set
 * and every changed row at once.
 */

export interface Viewer {
  /** identical claims share one check */
  key: string;
  claims: Claims;
}

/** session-level, so it is deallocated before the connection goes back to the pool */
const PREPARED = 'realtime_visible_rows';
const lit = (v: string): string => pg.escapeLiteral(v);
const ident = (v: string): string => pg.escapeIdentifier(v);

/** `select` returning the indexes (into `keys`) of the rows the current role may see. */
function visibleRowsSql(info: TableInfo, keys: Array<Record<string, string>>): string {
  const pk = info.primaryKey;
  const values = keys.map((key, i) => `(${i}, ${pk.map((c) => `${lit(key[c] ?? '')}::${info.sqlTypes.get(c) ?? 'text'}`).join(', ')})`).join(', ');
  const cols = pk.map((_, i) => `k${i}`).join(', ');
  const match = pk.map((c, i) => `t.${ident(c)} = v.k${i}`).join(' and ');
  return `select coalesce(array_agg(v.i), '{}') as visible from (values ${values}) as v(i, ${cols})
    where exists (select 1 from ${ident(info.schema)}.${ident(info.table)} as t where ${match})`;
}

function setClaimsSql(claims: Claims): string {
  const role = apiRole(claims.role);
  return `select set_config('role', ${lit(role)}, true), set_config('request.jwt.claims', ${lit(JSON.stringify(claims))}, true),
    set_config('request.jwt.claim.sub', ${lit(claims.sub ?? '')}, true), set_config('request.jwt.claim.role', ${lit(role)}, true)`;
}

function toIndexSet(value: unknown): Set<number> {
  return new Set(Array.isArray(value) ? value.map(Number) : []);
}

/**
 * For each viewer, the indexes of `keys` (primary-key values in text form) whose rows it may select.
 * A viewer whose check fails (missing grant, failing policy) sees nothing; a lost connection throws.
 */
export async function visibleRows(
  ctx: GatewayContext,
  info: TableInfo,
  keys: Array<Record<string, string>>,
  viewers: Viewer[],
): Promise<Map<string, Set<number>>> {
  const result = new Map<string, Set<number>>();
  if (viewers.length === 0 || keys.length === 0) return result;
  if (info.primaryKey.length === 0) {
    // walrus cannot check a table without a primary key either: nobody under RLS gets its rows
    for (const v of viewers) result.set(v.key, new Set());
    return result;
  }
  const select = visibleRowsSql(info, keys);
  // Parsed and planned once for all viewers; RLS is applied per execution as the current role.
  const statements = ['begin read only', `prepare ${PREPARED} as ${select}`];
  for (const v of viewers) statements.push(setClaimsSql(v.claims), `execute ${PREPARED}`);
  statements.push('rollback', `deallocate ${PREPARED}`);

  const client = await ctx.realtimeDb.connect();
  try {
    // Simple-query protocol: every statement in one round trip; claims are local to the transaction.
    const results = (await client.query(statements.join(';\n'))) as unknown as pg.QueryResult[];
    viewers.forEach((v, i) => result.set(v.key, toIndexSet(results[3 + 2 * i]?.rows[0]?.visible)));
    client.release();
    return result;
  } catch {
    await client.query('rollback').catch(() => undefined);
    await client.query(`deallocate ${PREPARED}`).catch(() => undefined);
    client.release();
  }
  // One viewer's failing check aborted the batch: check each on its own, so the others still get rows.
  await Promise.all(
    viewers.map(async (v) => {
      const rows = await ctx
        .withClaims(v.claims, async (c) => (await c.query<{ visible: unknown }>(select)).rows[0]?.visible, ctx.realtimeDb)
        .catch((err: unknown) => {
          // The viewer's own check failed (a policy raised, a grant is missing): it sees nothing.
          // Anything else (a lost connection) is the server's trouble: the caller retries.
          if (typeof (err as { code?: unknown } | null)?.code === 'string' && /^[0-9A-Z]{5}$/.test((err as { code: string }).code)) return [];
          throw err;
        });
      result.set(v.key, toIndexSet(rows));
    }),
  );
  return result;
}
