import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import type { RxCollection, RxJsonSchema, RxReplicationWriteToMasterRow, WithDeleted } from 'rxdb';
import { Subject, type Observable } from 'rxjs';
import type { ReplicatedCollectionName } from '../collections';
import type { AppDatabase } from '../database';
import { yieldToMain } from '../idle';
import { firstPushCheckpoint } from './first-push-checkpoint';
import { createPullHandler, SLICED_PAGE } from './pull';
import { acknowledgePulledRows } from './pulled-rows';
import { createPullRetryGate, gated, PULL_RETRY_MS, PULL_RETRY_POLL_MS, type PullRetryGate } from './pull-retry';
import { createPushHandler } from './push';
import { replicationIdentifier } from './replication-identifier';
import type { Checkpoint, RemoteTable } from './remote-table';
import type { PullScope, TableSyncSpec } from './table-spec';
import type { TableRules } from './table-rules';
import type { StreamItem } from './table-streams';

export type TableReplication = RxReplicationState<unknown, Checkpoint>;

/**
 * Rows RxDB stores at a time (a server page is handed over in slices of this size). Each slice costs RxDB
 * several IndexedDB transactions one after the other (the rows, what the server holds for them, two
 * checkpoints), each a round trip to the browser's storage, so a whole page per slice pulls fastest; the
 * storage issues one slice's puts in chunks, each a task of its own. RxDB takes a slice shorter than this for
 * the end of the table, so it is exactly a page.
 */
export const PULL_SLICE = SLICED_PAGE;
/** Longest wait for a slice to be stored before the next is handed over anyway (rows equal to what is stored are not written). */
const SLICE_STORED_WAIT_MS = 250;
const PUSH_BATCH = 50;

/** Documents RxDB has stored from pulls so far, to hand over the next slice once the last one is in. */
interface Received {
  count: number;
  mark: number;
  changed: Subject<void>;
}

/**
 * Resolves once the `handed` documents of the last slice were stored (or after SLICE_STORED_WAIT_MS: rows
 * equal to what is stored are never written), then yields to the page, so each slice is stored in tasks of its own.
 */
async function sliceStored(received: Received, handed: number): Promise<void> {
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
 * A visitor's push side: nothing goes to the server. Removing something the server never had needs nothing
 * sent; any other write stays queued (RxDB retries until the replication stops and does not mark it sent),
 * so the member's replication pushes it.
 */
async function holdForMember(rows: RxReplicationWriteToMasterRow<unknown>[]): Promise<WithDeleted<unknown>[]> {
  if (rows.every((row) => !row.assumedMasterState && (row.newDocumentState as { _deleted?: boolean })._deleted)) return [];
  throw new Error('A visitor does not push; local writes wait for the member replication.');
}

export interface TableReplicationOptions {
  name: ReplicatedCollectionName;
  spec: TableSyncSpec;
  rules: TableRules;
  db: AppDatabase;
  collection: RxCollection<unknown>;
  remote: RemoteTable;
  userId: string | null;
  /** null: the run does not pull this table */
  stream: Subject<StreamItem> | null;
  canPush: boolean;
  /** the default pull scope (who is signed in, now) */
  scope: () => Promise<PullScope>;
  serverTime: Promise<string | null>;
  now: () => number;
  isStopped: () => boolean;
  /** rows being delivered outside the checkpointed order, for the pull to hand over with its next slice */
  takeCarried?: () => WithDeleted<unknown>[];
  /** server rows a push got back, handed to the pull stream */
  onServerRows: (docs: WithDeleted<unknown>[]) => void;
  overlapMs?: number;
  retryBaseMs?: number;
  pullRetryMs?: number;
  waitForLeadership?: boolean;
}

function pullOptions(options: TableReplicationOptions, received: Received, gate: PullRetryGate) {
  const { spec, rules, stream } = options;
  if (!stream) return undefined;
  return {
    batchSize: PULL_SLICE,
    stream$: stream.asObservable(),
    handler: gated(
      gate,
      createPullHandler({
        spec,
        remote: options.remote,
        collection: options.collection,
        scope: rules.pullScope ?? options.scope,
        overlapMs: options.overlapMs,
        backfill: rules.backfill,
        isolateRefused: rules.isolateRefused,
        sliceSize: PULL_SLICE,
        carried: options.takeCarried,
        onSliceHanded: () => {
          received.mark = received.count;
        },
        beforeNextSlice: (handed) => sliceStored(received, handed),
        serverTime: () => options.serverTime,
      }),
    ),
  };
}

function pushOptions(options: TableReplicationOptions, isStopped: () => boolean, serverAnswers: Observable<void>) {
  const { spec, db, name, userId } = options;
  if (options.canPush)
    return {
      batchSize: PUSH_BATCH,
      // A first replication for this identity must not push what other identities left in the store.
      initialCheckpoint: spec.perIdentity ? { id: '', lwt: options.now() } : undefined,
      handler: createPushHandler({
        spec,
        remote: options.remote,
        db,
        schema: options.collection.schema.jsonSchema as RxJsonSchema<unknown>,
        retryBaseMs: options.retryBaseMs,
        isStopped,
        onServerRows: options.stream ? options.onServerRows : undefined,
        afterPush: options.rules.afterPush,
        serverAnswers,
      }),
    };
  // RxDB stores what it pulled as the server's state only when a replication has a push side. Without
  // one, a member replication started later on the same checkpoints took every row a visitor pulled
  // for a local write and pushed it (RLS refused, and the refusal tombstoned the row on the device).
  // A table replicated per identity has no such later replication: the member's has checkpoints and a
  // record of the server's state of its own, and pushes nothing older than its start. There a visitor's
  // record was written for nothing, once per pulled row (a second IndexedDB write of every post).
  const holdsWrites = spec.direction === 'both' && userId === null && !spec.perIdentity;
  return holdsWrites ? { batchSize: PUSH_BATCH, handler: acknowledgePulledRows(db, name, holdForMember) } : undefined;
}

/** Starts RxDB's replication of one table: checkpointed pages in slices, its stream, and its push side. */
export function startTableReplication(options: TableReplicationOptions): {
  state: TableReplication;
  stop: () => void;
  /** the server answers again: a pull waiting out a failure's retry time starts now */
  retryNow: () => void;
} {
  const received: Received = { count: 0, mark: 0, changed: new Subject<void>() };
  // RxDB's own retry wait cannot be cut short, so it only polls; the gates keep the wait between attempts.
  const pullGate = createPullRetryGate(options.pullRetryMs ?? PULL_RETRY_MS);
  const pushGate = createPullRetryGate(options.pullRetryMs ?? PULL_RETRY_MS);
  // The server answers again: a push backing off ends its wait too, for RxDB holds the table's pulls while it runs.
  const serverAnswers = new Subject<void>();
  const push = pushOptions(options, () => options.isStopped() || state.isStopped(), serverAnswers);
  if (push) push.handler = gated(pushGate, push.handler);
  const firstCheckpoint = push && 'initialCheckpoint' in push ? push.initialCheckpoint : undefined;
  const waitForLeadership = options.waitForLeadership ?? true;
  const state: TableReplication = replicateRxCollection<unknown, Checkpoint>({
    replicationIdentifier: replicationIdentifier(options.spec, options.userId),
    collection: options.collection,
    deletedField: '_deleted',
    live: true,
    retryTime: PULL_RETRY_POLL_MS,
    waitForLeadership,
    // RxDB reads where the push starts when it starts; that place is looked up in the store first.
    autoStart: !firstCheckpoint,
    pull: pullOptions(options, received, pullGate),
    push,
  });
  if (push && 'initialCheckpoint' in push && firstCheckpoint) {
    void firstPushCheckpoint(options.db, options.collection, options.name, options.userId, firstCheckpoint.lwt)
      .catch(() => firstCheckpoint)
      .then(async (checkpoint) => {
        push.initialCheckpoint = checkpoint;
        // What RxDB does itself when it starts a replication on its own.
        if (waitForLeadership && options.db.multiInstance) await options.db.waitForLeadership();
        if (!state.isStopped()) await state.start();
      })
      // A start that failed is reported on the replication's error stream.
      .catch(() => undefined);
  }
  const receivedSub = state.received$.subscribe(() => {
    received.count += 1;
    received.changed.next();
  });
  const retryNow = () => {
    pullGate.retryNow();
    pushGate.retryNow();
    serverAnswers.next();
  };
  return { state, stop: () => receivedSub.unsubscribe(), retryNow };
}
