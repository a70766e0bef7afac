import type { RxJsonSchema, RxReplicationWriteToMasterRow, WithDeleted } from 'rxdb';
import type { Observable } from 'rxjs';
import type { AppDatabase } from '../database';
import { getLocalIdentity } from '../identity';
import { SYNC_MESSAGES } from '../messages';
import { outboxId, setOutboxState } from '../outbox';
import { sentByWorker, withSendLock } from '../send-lock';
import type { DraftKind } from '../schemas/drafts';
import type { OutboxState } from '../schemas/outbox';
import type { RemoteTable } from './remote-table';
import { rowToDoc, type Row } from './row-mapping';
import { differing, draftOf, sendOne, type SendContext, type SendOutcome } from './send-one';
import type { TableSyncSpec } from './tables';

export { MAX_FK_ATTEMPTS } from './send-one';

export interface PushHandlerOptions {
  spec: TableSyncSpec;
  remote: RemoteTable;
  db: AppDatabase;
  schema: RxJsonSchema<unknown>;
  /** server rows that came back from a write, fed to the pull stream so the local doc gets server-set columns at once */
  onServerRows?: (docs: WithDeleted<Row>[]) => void;
  isStopped: () => boolean;
  /** first retry delay; doubles per attempt up to maxRetryMs */
  retryBaseMs?: number;
  maxRetryMs?: number;
  /** the table's rule run after a write's outcome was recorded */
  afterPush?: (outcome: SendOutcome, doc: Row) => Promise<void>;
  /** emits when the server is known to answer again (a live topic joined): a back-off in progress ends */
  serverAnswers?: Observable<void>;
}

export type PushHandler = (rows: RxReplicationWriteToMasterRow<unknown>[]) => Promise<WithDeleted<unknown>[]>;

/**
 * Waits, but wakes early when the browser says the network is back or a live topic's join says the server
 * answers: while a push waits here RxDB holds the table's pulls too, so a rejoined page saw nothing until
 * the back-off ran out (up to its 4 s step).
 */
function backoff(ms: number, serverAnswers?: Observable<void>): Promise<void> {
  return new Promise((resolve) => {
    const online = () => done();
    const timer = setTimeout(() => done(), ms);
    const answered = serverAnswers?.subscribe(() => done());
    function done() {
      clearTimeout(timer);
      answered?.unsubscribe();
      if (typeof window !== 'undefined') window.removeEventListener('online', online);
      resolve();
    }
    if (typeof window !== 'undefined') window.addEventListener('online', online);
  });
}

/** What every step of one table's pushes shares. */
interface PushRun {
  options: PushHandlerOptions;
  spec: TableSyncSpec;
  db: AppDatabase;
  /** failed attempts per row whose referenced row the server does not have yet */
  fkFailures: Map<string, number>;
  send: SendContext;
}

async function pushOne(run: PushRun, row: RxReplicationWriteToMasterRow<unknown>): Promise<SendOutcome> {
  if (await sentByWorker(run.db, run.spec.collection, String((row.newDocumentState as Row).id))) return { type: 'ok' };
  return sendOne(run.send, row.newDocumentState as WithDeleted<Row>, (row.assumedMasterState as WithDeleted<Row> | undefined) ?? null);
}

/** The outbox shows how a member's write ended; a table whose rows are not such writes (drafts) has none. */
function mark(run: PushRun, id: string, state: OutboxState, reason?: string): Promise<void> {
  return run.spec.untracked ? Promise.resolve() : setOutboxState(run.db, run.spec.collection, id, state, reason);
}

async function keepAsDraft(run: PushRun, kind: DraftKind, doc: Row, fields: readonly string[], reason: string): Promise<void> {
  await run.db.drafts.upsert(draftOf(run.spec, kind, doc, fields, reason, getLocalIdentity(run.db), new Date().toISOString()));
}

/** What one batch hands back: conflicts for RxDB, and the server's rows for the pull stream. */
interface BatchResult {
  conflicts: WithDeleted<unknown>[];
  serverDocs: WithDeleted<Row>[];
}

/**
 * Both devices changed the row and this one's edit is the later (drafts): it goes over the server's,
 * and the server's text is the one kept as a 'conflict' draft. False when the server's is the later.
 */
async function keptNewer(
  run: PushRun,
  row: RxReplicationWriteToMasterRow<unknown>,
  outcome: Extract<SendOutcome, { type: 'conflict' }>,
  field: string,
  result: BatchResult,
): Promise<boolean> {
  const doc = row.newDocumentState as WithDeleted<Row>;
  if (String(doc[field] ?? '') <= String(outcome.master[field] ?? '')) return false;
  const again = await sendOne(run.send, doc, outcome.master);
  if (again.type !== 'ok') return false;
  if (again.serverDoc) result.serverDocs.push(again.serverDoc);
  await keepAsDraft(run, 'conflict', outcome.master, outcome.lostFields, SYNC_MESSAGES.otherVersionKept);
  await mark(run, String(doc.id), 'sent');
  return true;
}

/** Records how one write ended: the outbox state, the member's text kept as a draft, what RxDB must take back. */
async function settle(run: PushRun, row: RxReplicationWriteToMasterRow<unknown>, outcome: SendOutcome, result: BatchResult): Promise<void> {
  const { spec } = run;
  const doc = row.newDocumentState as WithDeleted<Row>;
  const id = String(doc.id);
  run.fkFailures.delete(id);
  switch (outcome.type) {
    case 'ok':
      if (outcome.serverDoc) result.serverDocs.push(outcome.serverDoc);
      await mark(run, id, 'sent');
      break;
    case 'conflict':
      if (spec.newerWins && (await keptNewer(run, row, outcome, spec.newerWins, result))) break;
      await keepAsDraft(run, 'conflict', doc, outcome.lostFields, SYNC_MESSAGES.conflict);
      await mark(run, id, 'conflict', SYNC_MESSAGES.conflict);
      result.conflicts.push(outcome.master);
      break;
    case 'rejected': {
      const fields = row.assumedMasterState ? differing(spec.updateColumns, doc, row.assumedMasterState as Row) : spec.insertColumns;
      await keepAsDraft(run, 'rejected', doc, fields, outcome.reason);
      await mark(run, id, 'rejected', outcome.reason);
      result.conflicts.push(outcome.master);
      break;
    }
    case 'adopted':
      result.conflicts.push(outcome.master);
      break;
    case 'transient':
      break;
  }
  await run.options.afterPush?.(outcome, doc);
}

/** Sends the rows until none is left to retry, backing off between rounds; throws once the replication stopped. */
async function sendUntilSettled(run: PushRun, rows: RxReplicationWriteToMasterRow<unknown>[], result: BatchResult): Promise<void> {
  const { options, spec } = run;
  const retryBase = options.retryBaseMs ?? 1000;
  const maxRetry = options.maxRetryMs ?? 60_000;
  let pending = rows;
  for (let attempt = 0; ; attempt += 1) {
    const retry: typeof rows = [];
    // One sender at a time: the service worker's background sync may be sending the same queue.
    await withSendLock(() =>
      Promise.all(
        pending.map(async (row) => {
          const outcome = await pushOne(run, row);
          if (outcome.type === 'transient') retry.push(row);
          else await settle(run, row, outcome, result);
        }),
      ),
    );
    if (retry.length === 0) return;
    // Throwing hands the batch back to RxDB, which stops retrying once the replication is canceled.
    if (options.isStopped()) throw new Error(`${spec.table}: replication stopped with ${retry.length} writes queued`);
    await backoff(Math.min(maxRetry, retryBase * 2 ** attempt), options.serverAnswers);
    // Stopped while waiting (a sign-out that dropped these writes, a restart): nothing more goes out from here.
    if (options.isStopped()) throw new Error(`${spec.table}: replication stopped with ${retry.length} writes queued`);
    pending = retry;
  }
}

/**
 * Pushes a batch row by row. Each row ends as sent, conflict (server wins,
 * the member's text kept as a 'conflict' draft), rejected for good (reverted
 * locally, text kept as a 'rejected' draft with the server's reason) or is
 * retried with back-off; one row never holds up the others' outcome.
 * Conflicts and rejections are returned to RxDB as the master state, which
 * the server-wins conflict handler writes back to the local document.
 */
export function createPushHandler(options: PushHandlerOptions): PushHandler {
  const { spec, remote, db } = options;
  const fkFailures = new Map<string, number>();
  const send: SendContext = {
    spec,
    remote,
    fkFailures,
    toDoc: (row) => rowToDoc<Row>(spec, options.schema as RxJsonSchema<Row>, row),
    isWaiting: async (id) => (await db.outbox.findOne(outboxId(spec.collection, id)).exec())?.state === 'waiting',
  };
  const run: PushRun = { options, spec, db, fkFailures, send };

  return async (all) => {
    const result: BatchResult = { conflicts: [], serverDocs: [] };
    // Documents the table keeps on the device are answered as written, so RxDB never offers them again.
    const rows = spec.pushes ? all.filter((row) => spec.pushes!(row.newDocumentState as Row, getLocalIdentity(db))) : all;
    await sendUntilSettled(run, rows, result);
    if (result.serverDocs.length > 0) options.onServerRows?.(result.serverDocs);
    return result.conflicts;
  };
}
