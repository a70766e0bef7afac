import type { GatewayContext } from '../context';
import type { Claims } from '../jwt';
import { apiRole, type ApiRole, type Catalog, type TableInfo } from './catalog';
import { EVENTS, FANOUT_ATTEMPTS, FANOUT_BATCH_TRANSACTIONS, FANOUT_RETRY_MS } from './constants';
import { matchesFilters, type FilterCondition } from './filters';
import type { CommittedTransaction, RowChange, Tuple } from './replication';
import { textToJson } from './values';
import { visibleRows, type Viewer } from './visibility';

/**
 * postgres_changes fan-out: which subscriptions a committed change matches (event, schema,
 * table, filter), which subscribers may see it (grants and RLS, checked as each subscriber),
 * and the message realtime-js expects: `{ ids, data: { schema, table, commit_timestamp, type,
 * columns, record, old_record, errors } }`.
 *
 * As in Supabase (walrus): UPDATE and DELETE carry in `old_record` only what replication has,
 * the primary key under REPLICA IDENTITY DEFAULT; a DELETE cannot be checked against RLS
 * (the row is gone), so it goes to every subscriber whose filter matches, and for a table with
 * RLS enabled carries only the primary key.
 */

export type ChangeEvent = '*' | 'INSERT' | 'UPDATE' | 'DELETE';

/** The parts of a joined channel the fan-out needs. */
export interface ChangeListener {
  topic: string;
  claims(): Claims;
  sendRaw(event: string, rawPayload: string): void;
}

export interface PgSubscription {
  id: number;
  listener: ChangeListener;
  event: ChangeEvent;
  schema: string;
  /** null: every table of the schema */
  table: string | null;
  conditions: FilterCondition[];
  select?: string[];
}

type Json = Record<string, unknown>;

interface Prepared {
  change: RowChange;
  commitTimestamp: string;
  info: TableInfo;
  /** listener → its subscriptions this change matches */
  matches: Map<ChangeListener, PgSubscription[]>;
  record: Json | null;
  oldRecord: Json | null;
  keyText: Record<string, string> | null;
}

const ROLE_BYPASSES_RLS: Record<ApiRole, boolean> = { anon: false, authenticated: false, service_role: true };

/** Identical claims share one RLS verdict; a listener's claims object is serialized once. */
const claimsKeys = new WeakMap<Claims, string>();
function claimsKey(claims: Claims): string {
  let key = claimsKeys.get(claims);
  if (key === undefined) claimsKeys.set(claims, (key = JSON.stringify(claims)));
  return key;
}

function toJsonRow(tuple: Tuple | null, types: Map<string, string>, fallback: Map<string, string>): Json | null {
  if (!tuple) return null;
  const out: Json = {};
  for (const [name, text] of Object.entries(tuple)) {
    // unchanged TOAST values without an old copy are not sent, as in walrus
    if (text === undefined) continue;
    out[name] = textToJson(types.get(name) ?? fallback.get(name) ?? 'text', text);
  }
  return out;
}

function pick(row: Json | null, keep: (column: string) => boolean): Json | null {
  if (!row) return null;
  const out: Json = {};
  for (const [k, v] of Object.entries(row)) if (keep(k)) out[k] = v;
  return out;
}

export class ChangeRouter {
  private subs = new Set<PgSubscription>();
  private nextId = 1;
  private queue: Promise<void> = Promise.resolve();
  /** transactions received and not yet taken into a fan-out batch */
  private waiting: CommittedTransaction[] = [];
  private running = false;
  delivered = 0;

  constructor(
    private readonly ctx: GatewayContext,
    private readonly catalog: Catalog,
  ) {}

  newId(): number {
    return this.nextId++;
  }

  add(sub: PgSubscription): void {
    this.subs.add(sub);
  }

  removeListener(listener: ChangeListener): void {
    for (const sub of this.subs) if (sub.listener === listener) this.subs.delete(sub);
  }

  count(): number {
    return this.subs.size;
  }

  /**
   * Transactions are fanned out in commit order, in batches: every transaction that arrived while
   * the previous batch was being checked goes into the next one, so one RLS round trip per table
   * checks all their rows for every subscriber. The checks cost per subscriber, not per row: one
   * transaction at a time, a busy database fell behind for good (seconds of delay, a growing queue).
   */
  enqueue(tx: CommittedTransaction): void {
    this.waiting.push(tx);
    if (this.running) return;
    this.running = true;
    this.queue = this.queue.then(async () => {
      while (this.waiting.length > 0) await this.processWithRetry(this.waiting.splice(0, FANOUT_BATCH_TRANSACTIONS));
      this.running = false;
    });
  }

  /**
   * A failed lookup (catalog or RLS check: a connection lost, the pool busy) is retried rather
   * than dropping the transaction for everyone. Nothing is sent before every lookup has
   * succeeded, so a retry never delivers twice.
   */
  private async processWithRetry(batch: CommittedTransaction[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.process(batch);
        return;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (attempt >= FANOUT_ATTEMPTS) {
          console.error(`[realtime] change fan-out failed ${attempt} times, ${batch.length} transaction(s) dropped:`, message);
          return;
        }
        console.error(`[realtime] change fan-out failed (${message}); retrying`);
        await new Promise((resolve) => setTimeout(resolve, FANOUT_RETRY_MS * attempt));
      }
    }
  }

  /** resolves once every transaction received so far has been delivered */
  drain(): Promise<void> {
    return this.queue;
  }

  private candidates(change: RowChange): PgSubscription[] {
    const { schema, name } = change.relation;
    const out: PgSubscription[] = [];
    for (const sub of this.subs) {
      if (sub.schema !== schema || (sub.table !== null && sub.table !== name)) continue;
      if (sub.event !== '*' && sub.event !== change.type) continue;
      out.push(sub);
    }
    return out;
  }

  private async prepare(change: RowChange, commitTimestamp: string): Promise<Prepared | null> {
    const subs = this.candidates(change);
    if (subs.length === 0) return null;
    const info = await this.catalog.byRelid(change.relation.relationOid);
    if (!info) return null; // dropped since
    const fallbackTypes = new Map(change.relation.columns.map((c) => [c.name, c.typeName ?? 'text']));
    const record = change.type === 'DELETE' ? null : toJsonRow(change.new, info.types, fallbackTypes);
    let oldTuple = change.old ?? change.key;
    if (change.type === 'UPDATE' && !oldTuple && change.new) {
      // pgoutput sends no old key when the key did not change; walrus always has it
      oldTuple = Object.fromEntries(info.primaryKey.filter((c) => c in change.new!).map((c) => [c, change.new![c]]));
    }
    const oldRecord = change.type === 'INSERT' ? null : toJsonRow(oldTuple, info.types, fallbackTypes);
    const filterRow = change.type === 'DELETE' ? oldRecord : record;

    const matches = new Map<ChangeListener, PgSubscription[]>();
    for (const sub of subs) {
      if (sub.conditions.length > 0 && !(filterRow && matchesFilters(sub.conditions, filterRow, info.types))) continue;
      const list = matches.get(sub.listener);
      if (list) list.push(sub);
      else matches.set(sub.listener, [sub]);
    }
    if (matches.size === 0) return null;
    const keySource = change.new ?? oldTuple;
    let keyText: Record<string, string> | null = null;
    if (keySource && info.primaryKey.every((c) => typeof keySource[c] === 'string')) {
      keyText = Object.fromEntries(info.primaryKey.map((c) => [c, keySource[c] as string]));
    }
    return { change, commitTimestamp, info, matches, record, oldRecord, keyText };
  }

  private async process(batch: CommittedTransaction[]): Promise<void> {
    const prepared: Prepared[] = [];
    for (const tx of batch) {
      for (const change of tx.changes) {
        const p = await this.prepare(change, tx.commitTimestamp);
        if (p) prepared.push(p);
      }
    }
    if (prepared.length === 0) return;

    // Each listener's claims are read once, before the checks, and the same claims decide delivery:
    // a token refreshed while the check runs would otherwise find no verdict under its new claims
    // and the change would be dropped.
    const claimsOf = new Map<ChangeListener, Claims>();
    for (const p of prepared) for (const listener of p.matches.keys()) if (!claimsOf.has(listener)) claimsOf.set(listener, listener.claims());

    // RLS checks: per table, every changed row against every distinct claims set, in one query.
    const needsCheck = new Map<number, { info: TableInfo; rows: Prepared[]; viewers: Map<string, Viewer> }>();
    for (const p of prepared) {
      if (p.change.type === 'DELETE' || !p.info.rls) continue;
      for (const listener of p.matches.keys()) {
        const claims = claimsOf.get(listener)!;
        if (ROLE_BYPASSES_RLS[apiRole(claims.role)]) continue;
        let group = needsCheck.get(p.info.relid);
        if (!group) needsCheck.set(p.info.relid, (group = { info: p.info, rows: [], viewers: new Map() }));
        if (!group.rows.includes(p)) group.rows.push(p);
        const key = claimsKey(claims);
        if (!group.viewers.has(key)) group.viewers.set(key, { key, claims });
      }
    }
    const visible = new Map<Prepared, Map<string, boolean>>();
    await Promise.all(
      [...needsCheck.values()].map(async ({ info, rows, viewers }) => {
        const checkable = rows.filter((r) => r.keyText);
        const result = await visibleRows(
          this.ctx,
          info,
          checkable.map((r) => r.keyText!),
          [...viewers.values()],
        );
        for (const row of rows) visible.set(row, new Map());
        checkable.forEach((row, index) => {
          for (const [key, indexes] of result) visible.get(row)!.set(key, indexes.has(index));
        });
      }),
    );

    for (const p of prepared) this.deliver(p, p.commitTimestamp, visible.get(p), claimsOf);
  }

  private deliver(p: Prepared, commitTimestamp: string, rlsVisible: Map<string, boolean> | undefined, claimsOf: Map<ChangeListener, Claims>): void {
    const { change, info } = p;
    const payloadCache = new Map<string, string>();
    const dataFor = (role: ApiRole, select: string[] | undefined): string | null => {
      const cacheKey = `${role}|${select?.join(',') ?? ''}`;
      const cached = payloadCache.get(cacheKey);
      if (cached !== undefined) return cached;
      const selectable = info.selectable[role];
      const keep = (c: string): boolean => selectable.has(c) && (!select || select.includes(c));
      const data: Json = {
        schema: info.schema,
        table: info.table,
        commit_timestamp: commitTimestamp,
        type: change.type,
        columns: info.columns.filter((c) => keep(c.name)).map((c) => ({ name: c.name, type: c.type })),
        errors: null,
      };
      if (change.type !== 'DELETE') data.record = pick(p.record, keep);
      if (change.type !== 'INSERT') {
        const keepOld = change.type === 'DELETE' && info.rls ? (c: string) => keep(c) && info.primaryKey.includes(c) : keep;
        data.old_record = pick(p.oldRecord, keepOld);
      }
      const raw = selectable.size === 0 ? null : JSON.stringify(data);
      if (raw !== null) payloadCache.set(cacheKey, raw);
      return raw;
    };

    for (const [listener, subs] of p.matches) {
      const claims = claimsOf.get(listener)!;
      const role = apiRole(claims.role);
      if (rlsVisible && !ROLE_BYPASSES_RLS[role] && !rlsVisible.get(claimsKey(claims))) continue;
      const data = dataFor(role, subs[0]!.select);
      if (data === null) continue; // no grant on the table
      listener.sendRaw(EVENTS.postgresChanges, `{"ids":${JSON.stringify(subs.map((s) => s.id))},"data":${data}}`);
      this.delivered++;
    }
  }
}
