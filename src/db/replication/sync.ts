import type { SupabaseClient } from '@supabase/supabase-js';
import { replicateRxCollection } from 'rxdb/plugins/replication';
import type { RxCollection, RxJsonSchema, RxReplicationPullStreamItem, RxReplicationWriteToMasterRow, WithDeleted } from 'rxdb';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import { Subject } from 'rxjs';
import { REPLICATED_COLLECTIONS, type ReplicatedCollectionName } from '../collections';
import type { AppDatabase } from '../database';
import { hasPulled, markPulled } from '../first-pull';
import { setLocalIdentity } from '../identity';
import { yieldToMain } from '../idle';
import { isUuid } from '../ids';
import { pruneSentOutboxEntries } from '../outbox';
import { keptDiscussionIds, recentThreadsOnServer } from './kept-threads';
import { openLiveStream, watchForWakeUps, type LiveStream } from './live';
import { checkpointOf, createPullHandler, isRequestRefusal, SLICED_PAGE } from './pull';
import { acknowledgePulledRows } from './pulled-rows';
import { createPushHandler } from './push';
import { remoteFailure } from './remote-failure';
import { supabaseTable, type Checkpoint, type RemoteTable } from './remote-table';
import { rowToDoc, type Row } from './row-mapping';
import { TABLE_SPECS, type PullScope, type TableSyncSpec } from './tables';

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
  /** wait until this tab is the elected leader (default true; Node tests have one instance) */
  waitForLeadership?: boolean;
  overlapMs?: number;
  retryBaseMs?: number;
  /** RxDB's pause before retrying a failed pull */
  pullRetryMs?: number;
  now?: () => number;
}

export type TableReplication = RxReplicationState<unknown, Checkpoint>;

export interface SyncHandle {
  readonly userId: string | null;
  readonly states: Partial<Record<ReplicatedCollectionName, TableReplication>>;
  /** Fetches a thread's posts now (on visit) and keeps the thread syncing; resolves with the number of posts fetched. */
  ensureThread(discussionId: string): Promise<number>;
  /** The thread's screen closed: its rows stop arriving live (the thread stays kept and pulled). */
  releaseThread(discussionId: string): void;
  /** Resolves when every replication has pulled and pushed what it can right now. */
  awaitInSync(): Promise<void>;
  /**
   * Resolves once every collection has pulled what was there when replication
   * started, including the posts of the threads the device keeps (which are
   * only known once the discussions have arrived).
   */
  whenStoreReady(): Promise<void>;
  /** Pull again from the checkpoints (e.g. after the browser came back online). */
  resync(): void;
  /** Stops replicating. `forgetIdentity` also deletes the checkpoints of identity-dependent tables (sign-out). */
  stop(options?: { forgetIdentity?: boolean }): Promise<void>;
}

/**
 * Rows RxDB stores at a time (a server page is handed over in slices of this
 * size). Each slice costs RxDB several IndexedDB transactions one after the
 * other (the rows, what the server holds for them, two checkpoints), each a
 * round trip to the browser's storage, so a whole page per slice pulls fastest;
 * the storage issues one slice's puts in chunks, each a task of its own. RxDB
 * takes a slice shorter than this for the end of the table, so it is exactly a page.
 */
export const PULL_SLICE = SLICED_PAGE;
/** Longest wait for a slice to be stored before the next is handed over anyway (rows equal to what is stored are not written). */
const SLICE_STORED_WAIT_MS = 250;
const PUSH_BATCH = 50;
const THREAD_PAGE = 1000;
/** How long after a live thread header the device's post count is compared with it. */
const THREAD_GAP_CHECK_MS = 1500;
/** How many times rows handed to a stream outside the checkpointed order are handed over before giving up. */
const DELIVERY_ATTEMPTS = 3;

/**
 * Resolves once the `handed` documents of the last slice were stored (or
 * after SLICE_STORED_WAIT_MS: rows equal to what is stored are never written),
 * then yields to the page, so each slice is stored in tasks of its own.
 */
async function sliceStored(received: { count: number; mark: number; changed: Subject<void> }, handed: number): Promise<void> {
  const target = received.mark + handed;
  if (received.count < target) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, SLICE_STORED_WAIT_MS);
      const sub = received.changed.subscribe(() => received.count >= target && done());
      function done() {
        clearTimeout(timer);
        sub.unsubscribe();
        resolve();
      }
    });
  }
  await yieldToMain();
}

/**
 * A visitor's push side: nothing goes to the server. Removing something the
 * server never had needs nothing sent; any other write stays queued (RxDB
 * retries until the replication stops and does not mark it sent), so the
 * member's replication pushes it.
 */
async function holdForMember(rows: RxReplicationWriteToMasterRow<unknown>[]): Promise<WithDeleted<unknown>[]> {
  if (rows.every((row) => !row.assumedMasterState && (row.newDocumentState as { _deleted?: boolean })._deleted)) return [];
  throw new Error('A visitor does not push; local writes wait for the member replication.');
}

const idOf = (doc: WithDeleted<unknown>): string => (doc as unknown as { id: string }).id;

function replicationIdentifier(spec: TableSyncSpec, userId: string | null): string {
  // Identity-dependent visibility needs its own checkpoints; sign-out clears these tables (see signout.ts).
  return spec.perIdentity ? `${spec.table}-v1-${userId ?? 'visitor'}` : `${spec.table}-v1`;
}

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
 * Starts replication of every collection for one identity. Restart it with
 * the new identity on sign-in and sign-out (SyncController does).
 */
export function startSync(options: StartSyncOptions): SyncHandle {
  const { db, client, userId } = options;
  const now = options.now ?? Date.now;
  const readColumnsOf = (table: string) => Object.values(TABLE_SPECS).find((spec) => spec.table === table)?.readColumns;
  const remoteFor = options.remote ?? ((table: string) => supabaseTable(client, table, readColumnsOf(table)));
  const states: Partial<Record<ReplicatedCollectionName, TableReplication>> = {};
  const cleanups: (() => void)[] = [];
  const streams = new Map<ReplicatedCollectionName, Subject<RxReplicationPullStreamItem<unknown, Checkpoint>>>();
  let stopped = false;
  let scope: PullScope = { userId, now: now() };
  // Read once, now, before any pull asks for a page: no pull waits long for it.
  const serverTime = readServerTime(client);
  setLocalIdentity(db, userId);
  // Housekeeping only; a database closed meanwhile is not an error worth surfacing.
  pruneSentOutboxEntries(db, now()).catch(() => undefined);

  // Threads the server refused in a pull filter during this run: left out of every later pull.
  const refusedThreads = new Set<string>();

  // A device that never finished pulling the discussions cannot rank its recent threads itself: until this
  // run's discussions are in, the server names them (one light read), so the kept threads' posts come with
  // the first pull instead of after every discussion is stored.
  let discussionsIn = hasPulled('discussions');
  let recentOnServer: Promise<string[] | null> | undefined;
  function recentThreads(): Promise<string[] | null> {
    if (discussionsIn || !streams.has('discussions')) return Promise.resolve(null);
    recentOnServer ??= recentThreadsOnServer(remoteFor(TABLE_SPECS.discussions.table), now());
    return recentOnServer;
  }

  async function refreshScope(): Promise<PullScope> {
    const kept = await keptDiscussionIds(db, userId, now(), (await recentThreads()) ?? undefined);
    scope = { userId, now: now(), discussionIds: kept.filter((id) => !refusedThreads.has(id)) };
    return scope;
  }

  /**
   * Finds the kept threads the server refuses in a posts filter by asking for
   * halves of the list until single ids remain, forgets them on this device,
   * and reports them once. A few light requests, only after a refusal.
   */
  async function isolateRefusedThreads(current: PullScope): Promise<boolean> {
    const remote = remoteFor(TABLE_SPECS.posts.table);
    const refused: string[] = [];
    async function probe(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      const page = await remote.selectPage({ conditions: [`discussion_id.in.(${ids.join(',')})`], limit: 1, columns: 'id' });
      if (!page.error) return;
      if (!isRequestRefusal(page.status)) throw remoteFailure('posts', page);
      if (ids.length === 1) {
        refused.push(ids[0]);
        return;
      }
      const half = Math.ceil(ids.length / 2);
      await probe(ids.slice(0, half));
      await probe(ids.slice(half));
    }
    await probe(current.discussionIds ?? []);
    if (refused.length === 0) return false;
    for (const id of refused) refusedThreads.add(id);
    await db.pinned.find({ selector: { entity_type: 'discussion', entity_id: { $in: refused } } }).remove();
    console.warn(`posts: the server refused thread ids ${refused.join(', ')} in a pull; they are no longer kept on this device.`);
    return true;
  }

  async function fetchThreadRows(discussionId: string): Promise<Row[]> {
    const remote = remoteFor(TABLE_SPECS.posts.table);
    const rows: Row[] = [];
    let after: Checkpoint | undefined;
    for (;;) {
      const page = await remote.selectPage({ conditions: [`discussion_id.eq.${discussionId}`], after, limit: THREAD_PAGE });
      if (page.error || !page.data) throw remoteFailure('posts', page);
      rows.push(...page.data);
      if (page.data.length < THREAD_PAGE) return rows;
      after = checkpointOf(page.data[page.data.length - 1]);
    }
  }

  // A thread can join the kept set after the posts checkpoint has passed its older posts: pinned or
  // visited offline, in a tab that does not replicate, or active again after weeks. Once per run and
  // thread, a caught-up pull compares what the device holds with the thread's post_count and fetches
  // the whole thread when posts are missing.
  const checkedThreads = new Set<string>();
  async function missingThreadPosts(current: PullScope, pageRows: Row[]): Promise<Row[]> {
    const ids = (current.discussionIds ?? []).filter((id) => !checkedThreads.has(id));
    if (ids.length === 0) return [];
    // The page being handed over is not stored yet: its posts count as held, or the last page of a first sync
    // had every thread with a post in it fetched whole once more (thousands of rows in one long task).
    const inPage = new Map<string, string[]>();
    for (const row of pageRows) {
      if (row._deleted) continue;
      const thread = String(row.discussion_id);
      inPage.set(thread, [...(inPage.get(thread) ?? []), String(row.id)]);
    }
    const discussions = await db.discussions.findByIds(ids).exec();
    const rows: Row[] = [];
    for (const id of ids) {
      const discussion = discussions.get(id);
      // Without its header the thread cannot be judged yet; a later pull asks again.
      if (!discussion) continue;
      checkedThreads.add(id);
      if (discussion.post_count === 0) continue;
      let held = await db.posts.count({ selector: { discussion_id: id } }).exec();
      const arriving = inPage.get(id) ?? [];
      if (arriving.length > 0) held += arriving.length - (await db.posts.findByIds(arriving).exec()).size;
      if (held < discussion.post_count) rows.push(...(await fetchThreadRows(id)));
    }
    return rows;
  }

  /** Rows of `name` the device lacks, fetched by id and handed to that collection's stream. */
  async function fetchMissing(name: 'discussions' | 'profiles', ids: string[]): Promise<void> {
    // Only collections this run replicates have a stream to take the rows.
    if (!streams.has(name) || ids.length === 0) return;
    const held = await db[name].findByIds(ids).exec();
    const missing = ids.filter((id) => !held.has(id));
    if (missing.length === 0) return;
    const spec = TABLE_SPECS[name];
    const result = await remoteFor(spec.table).selectByIds(missing);
    if (result.error || !result.data) throw remoteFailure(spec.table, result);
    const schema = db[name].schema.jsonSchema as RxJsonSchema<unknown>;
    await deliver(
      name,
      result.data.map((row: Row) => rowToDoc(spec, schema, row)),
    );
  }

  function emitDocs(name: ReplicatedCollectionName, documents: WithDeleted<unknown>[]): void {
    // An empty checkpoint leaves the stored one as it is: these rows are outside the checkpointed order.
    streams.get(name)?.next({ documents, checkpoint: {} as Checkpoint });
  }

  /**
   * Hands rows fetched outside the checkpointed order to the stream and makes
   * sure they land. RxDB drops a stream event that arrived before its running
   * pull asked the server for another page (it assumes that page has it), so
   * a thread opened during a long first pull would otherwise never arrive.
   */
  async function deliver(name: ReplicatedCollectionName, documents: WithDeleted<unknown>[]): Promise<void> {
    const state = states[name];
    const collection = db[name] as unknown as RxCollection<unknown>;
    let pending = documents;
    for (let attempt = 1; pending.length > 0 && !stopped; attempt++) {
      emitDocs(name, pending);
      if (!state || attempt === DELIVERY_ATTEMPTS) return;
      await state.awaitInSync();
      const held = await collection.findByIds(pending.map(idOf)).exec();
      pending = pending.filter((doc) => !held.has(idOf(doc)));
    }
  }

  for (const name of options.collections ?? REPLICATED_COLLECTIONS) {
    const spec = TABLE_SPECS[name];
    if (spec.membersOnly && !userId) continue;
    const canPull = spec.direction !== 'push';
    const canPush = spec.direction === 'push' || (spec.direction === 'both' && userId !== null);
    // RxDB stores what it pulled as the server's state only when a replication has a push side. Without
    // one, a member replication started later on the same checkpoints took every row a visitor pulled
    // for a local write and pushed it (RLS refused, and the refusal tombstoned the row on the device).
    // A table replicated per identity has no such later replication: the member's has checkpoints and a
    // record of the server's state of its own, and pushes nothing older than its start. There a visitor's
    // record was written for nothing, once per pulled row (a second IndexedDB write of every post).
    const holdsWrites = spec.direction === 'both' && userId === null && !spec.perIdentity;
    if (!canPull && !canPush) continue;
    const collection = db[name] as unknown as RxCollection<unknown>;
    const schema = collection.schema.jsonSchema as RxJsonSchema<unknown>;
    const remote = remoteFor(spec.table);
    const stream = new Subject<RxReplicationPullStreamItem<unknown, Checkpoint>>();
    streams.set(name, stream);
    // Documents RxDB has stored from pulls so far, to hand over the next slice once the last one is in.
    const received = { count: 0, mark: 0, changed: new Subject<void>() };

    const state: TableReplication = replicateRxCollection<unknown, Checkpoint>({
      replicationIdentifier: replicationIdentifier(spec, userId),
      collection,
      deletedField: '_deleted',
      live: true,
      retryTime: options.pullRetryMs ?? 5000,
      waitForLeadership: options.waitForLeadership ?? true,
      autoStart: true,
      pull: canPull
        ? {
            batchSize: PULL_SLICE,
            stream$: stream.asObservable(),
            handler: createPullHandler({
              spec,
              remote,
              collection,
              // Only the posts' question names the kept threads: other tables' pages do not rank them again.
              scope: name === 'posts' ? refreshScope : async () => ({ userId, now: now() }),
              overlapMs: options.overlapMs,
              backfill: name === 'posts' ? missingThreadPosts : undefined,
              isolateRefused: name === 'posts' ? isolateRefusedThreads : undefined,
              sliceSize: PULL_SLICE,
              onSliceHanded: () => {
                received.mark = received.count;
              },
              beforeNextSlice: (handed) => sliceStored(received, handed),
              serverTime: () => serverTime,
            }),
          }
        : undefined,
      push: canPush
        ? {
            batchSize: PUSH_BATCH,
            // A first replication for this identity must not push what other identities left in the store.
            initialCheckpoint: spec.perIdentity ? { id: '', lwt: now() } : undefined,
            handler: createPushHandler({
              spec,
              remote,
              db,
              schema,
              retryBaseMs: options.retryBaseMs,
              isStopped: (): boolean => stopped || state.isStopped(),
              onServerRows: canPull ? (docs) => emitDocs(name, docs) : undefined,
            }),
          }
        : holdsWrites
          ? { batchSize: PUSH_BATCH, handler: acknowledgePulledRows(db, name, holdForMember) }
          : undefined,
    });
    states[name] = state;
    const receivedSub = state.received$.subscribe(() => {
      received.count += 1;
      received.changed.next();
    });
    cleanups.push(() => receivedSub.unsubscribe());
    // Lists tell "not synced yet" from "empty" by this mark.
    if (canPull)
      void state.awaitInitialReplication().then(
        () => !stopped && markPulled(name),
        () => undefined,
      );
  }

  // Self-healing: a thread's post_count works as a sequence number. When a live header of a kept
  // thread counts more posts than the device holds, and still does once the posts of the same
  // transaction had time to arrive, a posts frame was lost: pull posts from the checkpoint.
  const gapChecks = new Map<string, ReturnType<typeof setTimeout>>();
  function suspectThreadGap(row: Row): void {
    const id = String(row.id);
    const count = Number(row.post_count);
    if (!states.posts || !Number.isFinite(count) || !scope.discussionIds?.includes(id) || gapChecks.has(id)) return;
    gapChecks.set(
      id,
      setTimeout(() => {
        gapChecks.delete(id);
        if (stopped) return;
        void db.posts
          .count({ selector: { discussion_id: id } })
          .exec()
          .then((held) => {
            if (!stopped && held < count) states.posts?.reSync();
          })
          .catch(() => undefined);
      }, THREAD_GAP_CHECK_MS),
    );
  }
  cleanups.push(() => gapChecks.forEach((timer) => clearTimeout(timer)));

  // The live stream: rows a screen shows go to their table's stream, everything else is pulled when named.
  let live: LiveStream | null = null;
  if (options.realtime ?? true) {
    const liveNames = (Object.keys(states) as ReplicatedCollectionName[]).filter((name) => TABLE_SPECS[name].direction !== 'push');
    const byTable = new Map(liveNames.map((name) => [TABLE_SPECS[name].table, name] as const));
    const open = () => {
      if (stopped) return;
      live = openLiveStream(
        client,
        { userId, tables: [...byTable.keys()] },
        {
          onRows(table, rows) {
            const name = byTable.get(table);
            if (!name) return;
            const spec = TABLE_SPECS[name];
            const schema = db[name].schema.jsonSchema as RxJsonSchema<unknown>;
            const accepted = rows.filter((row) => !spec.accepts || spec.accepts(row, scope));
            if (accepted.length > 0)
              emitDocs(
                name,
                accepted.map((row) => rowToDoc(spec, schema, row)),
              );
            if (name === 'discussions') accepted.forEach(suspectThreadGap);
          },
          onPull(tables) {
            for (const table of tables) {
              const name = byTable.get(table);
              if (name) states[name]?.reSync();
            }
          },
        },
      );
      cleanups.push(() => live?.stop());
    };
    // Only the replicating tab listens: wait for the same leadership the replication waits for.
    if ((options.waitForLeadership ?? true) && db.multiInstance) void db.waitForLeadership().then(open);
    else open();
  }

  // Self-healing: a page waking from the background may have missed changes no channel noticed.
  if (options.realtime ?? true) {
    cleanups.push(
      watchForWakeUps(() => {
        if (!stopped) for (const state of Object.values(states)) state.reSync();
      }),
    );
  }

  // Which threads' posts are kept follows from the discussions: from then on the store ranks the recent
  // threads, and posts are pulled once more as soon as the discussions are in, alongside the other tables
  // still pulling (not after all of them).
  const discussionsPulled = states.discussions?.awaitInitialReplication().then(() => {
    discussionsIn = true;
  });
  const postsOfKeptThreads: Promise<void> =
    states.posts && discussionsPulled
      ? discussionsPulled
          .then(async () => {
            if (stopped || !states.posts) return;
            states.posts.reSync();
            await states.posts.awaitInSync();
          })
          .catch(() => undefined)
      : Promise.resolve();
  // Without posts to pull, nothing waits on the discussions here; their failure is the replication's to report.
  discussionsPulled?.catch(() => undefined);

  let storeReady: Promise<void> | undefined;
  async function awaitStoreReady(): Promise<void> {
    await Promise.all([...Object.values(states).map((state) => state.awaitInitialReplication()), postsOfKeptThreads]);
  }

  return {
    userId,
    states,
    whenStoreReady() {
      storeReady ??= awaitStoreReady();
      return storeReady;
    },
    async ensureThread(discussionId) {
      if (!isUuid(discussionId)) throw new Error(`Not a discussion id: ${discussionId}`);
      // Watched before anything is awaited, so a screen closed meanwhile (releaseThread) is not watched after.
      live?.watchThread(discussionId);
      await db.pinned.incrementalUpsert({
        id: `visited:discussion:${discussionId}`,
        reason: 'visited',
        entity_type: 'discussion',
        entity_id: discussionId,
        pinned_at: new Date(now()).toISOString(),
      });
      if (!scope.discussionIds?.includes(discussionId)) scope = { ...scope, discussionIds: [...(scope.discussionIds ?? []), discussionId] };
      const schema = db.posts.schema.jsonSchema as RxJsonSchema<unknown>;
      // A thread opened before the checkpointed pull reached it (a link, a notification, a new thread):
      // its header and its authors come with its posts, so the page shows whole at once.
      const [rows] = await Promise.all([fetchThreadRows(discussionId), fetchMissing('discussions', [discussionId])]);
      await fetchMissing('profiles', [...new Set(rows.map((row) => String(row.user_id)))]);
      await deliver(
        'posts',
        rows.map((row: Row) => rowToDoc(TABLE_SPECS.posts, schema, row)),
      );
      await states.posts?.awaitInSync();
      return rows.length;
    },
    releaseThread(discussionId) {
      live?.unwatchThread(discussionId);
    },
    async awaitInSync() {
      await Promise.all(Object.values(states).map((state) => state.awaitInSync()));
    },
    resync() {
      for (const state of Object.values(states)) state.reSync();
    },
    async stop(stopOptions) {
      stopped = true;
      cleanups.splice(0).forEach((fn) => fn());
      await Promise.all(
        (Object.entries(states) as [ReplicatedCollectionName, TableReplication][]).map(([name, state]) =>
          stopOptions?.forgetIdentity && TABLE_SPECS[name].perIdentity ? state.remove() : state.cancel(),
        ),
      );
      for (const stream of streams.values()) stream.complete();
    },
  };
}
