import type { SupabaseClient } from '@supabase/supabase-js';
import type { RxCollection, RxJsonSchema, WithDeleted } from 'rxdb';
import { REPLICATED_COLLECTIONS, type ReplicatedCollectionName } from '../collections';
import type { AppDatabase } from '../database';
import { markPulled } from '../first-pull';
import { setLocalIdentity } from '../identity';
import { pruneSentOutboxEntries } from '../outbox';
import { openLiveStream, watchForWakeUps, type LiveStream } from './live';
import { remoteFailure } from './remote-failure';
import { supabaseTable, type RemoteTable } from './remote-table';
import { rowToDoc, type Row } from './row-mapping';
import type { PullScope, TableSyncSpec } from './table-spec';
import { startTableReplication, type TableReplication } from './table-replication';
import type { SyncRun, TableRules, TableRulesFactory } from './table-rules';
import { registeredTableRules } from './table-rules-registry';
import { TableStreams } from './table-streams';
import { TABLE_SPECS } from './tables';

export interface StartSyncOptions {
  db: AppDatabase;
  client: SupabaseClient;
  /** the signed-in member, or null for a visitor (pull public data only) */
  userId: string | null;
  /** follow realtime changes (default true) */
  realtime?: boolean;
  /** replicate only these collections (tests) */
  collections?: readonly ReplicatedCollectionName[];
  /** another transport for a table (unit tests script the server with a stub) */
  remote?: (table: string) => RemoteTable;
  /** tables beyond the app's declarations, or other specs for them (the engine's own tests) */
  specs?: Partial<Record<ReplicatedCollectionName, TableSyncSpec>>;
  /** other rules for a table than the registered ones (the engine's own tests) */
  rules?: Partial<Record<ReplicatedCollectionName, TableRulesFactory>>;
  /** wait until this tab is the elected leader (default true; Node tests have one instance) */
  waitForLeadership?: boolean;
  overlapMs?: number;
  retryBaseMs?: number;
  /** the pause before retrying a failed pull or push (cut short for a pull when a live topic joins) */
  pullRetryMs?: number;
  now?: () => number;
}

export type { TableReplication } from './table-replication';

/**
 * The database's clock (`public.server_time()`), or null when it cannot be read (offline, a session the
 * server refuses, a project without the function): the pulls then check late commits as before.
 */
function readServerTime(client: SupabaseClient): Promise<string | null> {
  return Promise.resolve(client.rpc('server_time')).then(
    ({ data, error }) => (!error && typeof data === 'string' ? data : null),
    () => null,
  );
}

/**
 * The generic sync engine: one RxDB replication per table, each moved as its declaration says (checkpointed
 * pages, pushes through send-one, server wins) and as its rules add (see table-rules.ts); the live stream
 * and wake-ups pull again. It is the SyncRun every table's rules are given.
 */
export class SyncEngine implements SyncRun {
  readonly db: AppDatabase;
  readonly userId: string | null;
  readonly now: () => number;
  readonly states: Partial<Record<ReplicatedCollectionName, TableReplication>> = {};
  /** per table: start a pull waiting out a failed attempt now */
  private readonly retryNows = new Map<ReplicatedCollectionName, () => void>();
  private readonly rules = new Map<ReplicatedCollectionName, TableRules>();
  private readonly streams = new TableStreams();
  private readonly cleanups: (() => void)[] = [];
  private readonly serverTime: Promise<string | null>;
  private liveStream: LiveStream | null = null;
  private stopped = false;
  private storeReady: Promise<void> | undefined;

  constructor(private readonly options: StartSyncOptions) {
    this.db = options.db;
    this.userId = options.userId;
    this.now = options.now ?? Date.now;
    // Read once, now, before any pull asks for a page: no pull waits long for it.
    this.serverTime = readServerTime(options.client);
    setLocalIdentity(this.db, this.userId);
    // Housekeeping only; a database closed meanwhile is not an error worth surfacing.
    pruneSentOutboxEntries(this.db, this.now()).catch(() => undefined);
    for (const name of options.collections ?? REPLICATED_COLLECTIONS) this.startTable(name);
    for (const rules of this.rules.values()) rules.started?.();
    if (options.realtime ?? true) this.followLive();
  }

  spec(name: ReplicatedCollectionName): TableSyncSpec {
    return this.options.specs?.[name] ?? TABLE_SPECS[name];
  }

  rulesOf(name: ReplicatedCollectionName): TableRules | undefined {
    return this.rules.get(name);
  }

  remote(name: ReplicatedCollectionName): RemoteTable {
    const spec = this.spec(name);
    return this.options.remote?.(spec.table) ?? supabaseTable(this.options.client, spec.table, spec.readColumns);
  }

  private collection(name: ReplicatedCollectionName): RxCollection<unknown> {
    return this.db.collections[name] as RxCollection<unknown>;
  }

  private defaultScope = async (): Promise<PullScope> => ({ userId: this.userId, now: this.now() });

  private startTable(name: ReplicatedCollectionName): void {
    const spec = this.spec(name);
    if (spec.membersOnly && !this.userId) return;
    const canPull = spec.direction !== 'push';
    const canPush = spec.direction === 'push' || (spec.direction === 'both' && this.userId !== null);
    if (!canPull && !canPush) return;
    const factory = this.options.rules?.[name] ?? registeredTableRules(name);
    const rules = factory ? factory(this) : {};
    this.rules.set(name, rules);
    const { state, stop, retryNow } = startTableReplication({
      name,
      spec,
      rules,
      db: this.db,
      collection: this.collection(name),
      remote: this.remote(name),
      userId: this.userId,
      stream: canPull ? this.streams.open(name) : null,
      canPush,
      scope: this.defaultScope,
      serverTime: this.serverTime,
      now: this.now,
      isStopped: () => this.stopped,
      onServerRows: (docs) => this.streams.emit(name, docs),
      takeCarried: () => this.streams.takeCarried(name),
      overlapMs: this.options.overlapMs,
      retryBaseMs: this.options.retryBaseMs,
      pullRetryMs: this.options.pullRetryMs,
      waitForLeadership: this.options.waitForLeadership,
    });
    this.states[name] = state;
    this.retryNows.set(name, retryNow);
    this.cleanups.push(stop);
    // Lists tell "not synced yet" from "empty" by this mark.
    if (canPull)
      void state.awaitInitialReplication().then(
        () => !this.stopped && markPulled(name),
        () => undefined,
      );
  }

  private toDocs(name: ReplicatedCollectionName, rows: Row[]): WithDeleted<unknown>[] {
    const spec = this.spec(name);
    const schema = this.collection(name).schema.jsonSchema as RxJsonSchema<unknown>;
    return rows.map((row) => rowToDoc(spec, schema, row));
  }

  /** Live rows the table's rule accepts go to its stream; the tables the stream names are pulled again. */
  private onLiveRows(name: ReplicatedCollectionName, rows: Row[]): void {
    const spec = this.spec(name);
    const scope = this.rules.get(name)?.liveScope?.() ?? { userId: this.userId, now: this.now() };
    const accepted = rows.filter((row) => !spec.accepts || spec.accepts(row, scope));
    if (accepted.length > 0) this.streams.emit(name, this.toDocs(name, accepted));
    for (const rules of this.rules.values()) rules.onLiveRows?.(name, accepted);
  }

  /** The live stream: rows a screen shows go to their table's stream, everything else is pulled when named. */
  private followLive(): void {
    const liveNames = (Object.keys(this.states) as ReplicatedCollectionName[]).filter((name) => this.spec(name).direction !== 'push');
    const byTable = new Map(liveNames.map((name) => [this.spec(name).table, name] as const));
    const open = () => {
      if (this.stopped) return;
      this.liveStream = openLiveStream(
        this.options.client,
        {
          userId: this.userId,
          tables: [...byTable.keys()],
          pulledWhenShown: liveNames.filter((name) => this.spec(name).pulledWhenShown).map((name) => this.spec(name).table),
        },
        {
          onRows: (table, rows) => {
            const name = byTable.get(table);
            if (name) this.onLiveRows(name, rows);
          },
          onPull: (tables, answered) => {
            for (const table of tables) {
              const name = byTable.get(table);
              if (!name) continue;
              if (answered) this.retryNows.get(name)?.();
              this.reSync(name);
            }
          },
        },
      );
      this.cleanups.push(() => this.liveStream?.stop());
    };
    // Only the replicating tab listens: wait for the same leadership the replication waits for.
    if ((this.options.waitForLeadership ?? true) && this.db.multiInstance) void this.db.waitForLeadership().then(open);
    else open();
    // Self-healing: a page waking from the background may have missed changes no channel noticed.
    this.cleanups.push(watchForWakeUps(() => !this.stopped && this.resync()));
  }

  // What a table's rules may use (SyncRun).

  live(): LiveStream | null {
    return this.liveStream;
  }

  pulls(name: ReplicatedCollectionName): boolean {
    return this.streams.has(name);
  }

  isStopped(): boolean {
    return this.stopped;
  }

  onStop(cleanup: () => void): void {
    this.cleanups.push(cleanup);
  }

  reSync(name: ReplicatedCollectionName): void {
    this.states[name]?.reSync();
  }

  async awaitInSync(name?: ReplicatedCollectionName): Promise<void> {
    const states = name ? [this.states[name]] : Object.values(this.states);
    await Promise.all(states.map((state) => state?.awaitInSync()));
  }

  initialPull(name: ReplicatedCollectionName): Promise<void> | undefined {
    return this.states[name]?.awaitInitialReplication();
  }

  deliver(name: ReplicatedCollectionName, rows: Row[]): Promise<void> {
    return this.streams.deliver(name, this.collection(name), this.states[name], this.toDocs(name, rows), () => this.stopped);
  }

  async fetchMissing(name: ReplicatedCollectionName, ids: string[]): Promise<void> {
    // Only collections this run replicates have a stream to take the rows.
    if (!this.streams.has(name) || ids.length === 0) return;
    const held = await this.collection(name).findByIds(ids).exec();
    const missing = ids.filter((id) => !held.has(id));
    if (missing.length === 0) return;
    const result = await this.remote(name).selectByIds(missing);
    if (result.error || !result.data) throw remoteFailure(this.spec(name).table, result);
    await this.deliver(name, result.data);
  }

  // The run as a whole.

  /**
   * Resolves once every table has pulled what was there when replication started, and what its rules add
   * (the posts of the threads the device keeps, known only once the discussions have arrived).
   */
  whenStoreReady(): Promise<void> {
    this.storeReady ??= Promise.all([
      ...Object.values(this.states).map((state) => state.awaitInitialReplication()),
      ...[...this.rules.values()].map((rules) => rules.ready?.()),
    ]).then(() => undefined);
    return this.storeReady;
  }

  resync(): void {
    for (const state of Object.values(this.states)) state.reSync();
  }

  /** Stops replicating. `forgetIdentity` also deletes the checkpoints of identity-dependent tables (sign-out). */
  async stop(options?: { forgetIdentity?: boolean }): Promise<void> {
    this.stopped = true;
    this.cleanups.splice(0).forEach((fn) => fn());
    await Promise.all(
      (Object.entries(this.states) as [ReplicatedCollectionName, TableReplication][]).map(([name, state]) =>
        options?.forgetIdentity && this.spec(name).perIdentity ? state.remove() : state.cancel(),
      ),
    );
    this.streams.complete();
  }
}
