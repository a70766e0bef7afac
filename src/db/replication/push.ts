import { deepEqual, type RxJsonSchema, type RxReplicationWriteToMasterRow, type WithDeleted } from 'rxdb';
import type { AppDatabase } from '../database';
import { getLocalIdentity } from '../identity';
import { SYNC_MESSAGES } from '../messages';
import { outboxId, setOutboxState } from '../outbox';
import type { DraftKind } from '../schemas/drafts';
import { classifyFailure, FK_VIOLATION, UNIQUE_VIOLATION, type PushFailure } from './errors';
import type { RemoteTable } from './remote-table';
import { docToRow, rowToDoc, type Row } from './row-mapping';
import type { TableSyncSpec } from './tables';

/** After this many foreign-key failures the parent is taken as gone for good. */
export const MAX_FK_ATTEMPTS = 8;
/** A row that loses the race for the same version this many times in one push waits for the next cycle. */
const MAX_UPDATE_ROUNDS = 3;

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
}

type Outcome =
  | { type: 'ok'; serverDoc?: WithDeleted<Row> }
  | { type: 'conflict'; master: WithDeleted<Row>; lostFields: string[] }
  | { type: 'rejected'; master: WithDeleted<Row>; reason: string }
  | { type: 'adopted'; master: WithDeleted<Row> }
  | { type: 'transient'; failure: PushFailure };

export type PushHandler = (rows: RxReplicationWriteToMasterRow<unknown>[]) => Promise<WithDeleted<unknown>[]>;

function valueOf(doc: Row, field: string): unknown {
  return doc[field] ?? null;
}

function differing(fields: readonly string[], a: Row, b: Row): string[] {
  return fields.filter((field) => !deepEqual(valueOf(a, field), valueOf(b, field)));
}

/** Waits, but wakes early when the browser says the network is back. */
function backoff(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const online = () => done();
    const timer = setTimeout(() => done(), ms);
    function done() {
      clearTimeout(timer);
      if (typeof window !== 'undefined') window.removeEventListener('online', online);
      resolve();
    }
    if (typeof window !== 'undefined') window.addEventListener('online', online);
  });
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
  const retryBase = options.retryBaseMs ?? 1000;
  const maxRetry = options.maxRetryMs ?? 60_000;
  const fkFailures = new Map<string, number>();
  const toDoc = (row: Row) => rowToDoc<Row>(spec, options.schema as RxJsonSchema<Row>, row);

  async function fetchServer(id: string): Promise<{ doc: WithDeleted<Row> | null; failure?: PushFailure }> {
    const result = await remote.selectByIds([id]);
    if (result.error || !result.data) return { doc: null, failure: classifyFailure(result.error, result.status) };
    return { doc: result.data[0] ? toDoc(result.data[0]) : null };
  }

  function failed(doc: Row, failure: PushFailure, master: WithDeleted<Row>): Outcome {
    if (failure.kind === 'permanent') return { type: 'rejected', master, reason: failure.reason };
    if (failure.code === FK_VIOLATION) {
      const id = String(doc.id);
      const count = (fkFailures.get(id) ?? 0) + 1;
      fkFailures.set(id, count);
      if (count >= MAX_FK_ATTEMPTS) return { type: 'rejected', master, reason: SYNC_MESSAGES.parentMissing };
    }
    return { type: 'transient', failure };
  }

  /** Applies the member's changes on top of `server`, given the version the member edited (`base`). */
  async function mergeOnto(doc: WithDeleted<Row>, base: WithDeleted<Row> | null, start: WithDeleted<Row>): Promise<Outcome> {
    let server = start;
    let pending = base ? differing(spec.updateColumns, doc, base) : differing(spec.updateColumns, doc, server);
    for (let round = 0; round < MAX_UPDATE_ROUNDS; round += 1) {
      if (base) {
        // Both sides changed the same field to different values: server wins, keep ours as a draft.
        const clash = pending.filter((f) => !deepEqual(valueOf(server, f), valueOf(base!, f)) && !deepEqual(valueOf(server, f), valueOf(doc, f)));
        if (clash.length > 0) return { type: 'conflict', master: server, lostFields: clash };
      }
      pending = pending.filter((f) => !deepEqual(valueOf(server, f), valueOf(doc, f)));
      if (pending.length === 0) return { type: 'ok', serverDoc: server };
      const expected = server.server_modified;
      if (typeof expected !== 'string') return { type: 'rejected', master: server, reason: SYNC_MESSAGES.rejectedFallback };
      const result = await remote.update(String(doc.id), docToRow(spec, doc, pending), expected);
      if (result.error) return failed(doc, classifyFailure(result.error, result.status), server);
      if (result.data) return { type: 'ok', serverDoc: toDoc(result.data) };
      const fetched = await fetchServer(String(doc.id));
      if (fetched.failure) return failed(doc, fetched.failure, server);
      if (!fetched.doc) return { type: 'rejected', master: { ...server, _deleted: true }, reason: SYNC_MESSAGES.notFound };
      // Same version, yet nothing matched: row-level security filtered the update out.
      if (fetched.doc.server_modified === expected) return { type: 'rejected', master: fetched.doc, reason: SYNC_MESSAGES.permissionDenied };
      base = server;
      server = fetched.doc;
    }
    return { type: 'transient', failure: { kind: 'transient', reason: 'row keeps changing' } };
  }

  /**
   * A row that came from the server (it carries the server's version) although
   * RxDB holds no server state for it: a pull stopped between writing the row
   * and recording it (sign-in stops the visitor's replication), or rows another
   * identity's replication wrote after this one started. It is not the
   * member's new row, so it is never inserted or reverted as refused: the
   * server's current row is taken, unless the member has edited it since.
   */
  async function reconcilePulled(doc: WithDeleted<Row>): Promise<Outcome> {
    const fetched = await fetchServer(String(doc.id));
    if (fetched.failure) return fetched.failure.kind === 'transient' ? { type: 'transient', failure: fetched.failure } : { type: 'adopted', master: doc };
    // Gone from the server, or not visible to this identity: the device should not show it either.
    if (!fetched.doc) return { type: 'adopted', master: { ...doc, _deleted: true } };
    const entry = await db.outbox.findOne(outboxId(spec.collection, String(doc.id))).exec();
    return entry?.state === 'waiting' ? mergeOnto(doc, null, fetched.doc) : { type: 'adopted', master: fetched.doc };
  }

  async function pushOne(row: RxReplicationWriteToMasterRow<unknown>): Promise<Outcome> {
    const doc = row.newDocumentState as WithDeleted<Row>;
    const assumed = (row.assumedMasterState as WithDeleted<Row> | undefined) ?? null;
    const tombstone: WithDeleted<Row> = { ...doc, _deleted: true };

    if (!assumed) {
      if (spec.readable && typeof doc.server_modified === 'string') return reconcilePulled(doc);
      // Created and deleted before it ever reached the server: nothing to send.
      if (doc._deleted) return { type: 'ok' };
      if (spec.insertColumns.length === 0) return { type: 'rejected', master: tombstone, reason: SYNC_MESSAGES.permissionDenied };
      const result = await remote.insert(docToRow(spec, doc, spec.insertColumns), spec.readable);
      if (!result.error) return { type: 'ok', serverDoc: result.data ? toDoc(result.data) : undefined };
      if (result.error.code === UNIQUE_VIOLATION) {
        // Pushed before (the answer was lost) or a deterministic id (follow, like) that exists: merge onto it.
        if (!spec.readable) return { type: 'ok' };
        const fetched = await fetchServer(String(doc.id));
        if (fetched.failure) return failed(doc, fetched.failure, tombstone);
        // No row with our id: another unique column (username, slug) clashed.
        if (!fetched.doc) return { type: 'rejected', master: tombstone, reason: result.error.message ?? SYNC_MESSAGES.rejectedFallback };
        return mergeOnto(doc, null, fetched.doc);
      }
      return failed(doc, classifyFailure(result.error, result.status), tombstone);
    }

    if (typeof assumed.server_modified === 'string') return mergeOnto(doc, assumed, assumed);
    // Inserted from this device and the server's copy never came back: compare with what is there now.
    const fetched = await fetchServer(String(doc.id));
    if (fetched.failure) return failed(doc, fetched.failure, assumed);
    if (!fetched.doc) return { type: 'rejected', master: tombstone, reason: SYNC_MESSAGES.notFound };
    return mergeOnto(doc, assumed, fetched.doc);
  }

  function draftKey(doc: Row): string {
    if (spec.collection === 'posts' && typeof doc.discussion_id === 'string') return doc.discussion_id;
    return String(doc.id);
  }

  async function keepAsDraft(kind: DraftKind, doc: Row, fields: readonly string[], reason: string): Promise<void> {
    const kept: Row = {};
    for (const field of fields) if (field !== '_deleted' && field in doc) kept[field] = doc[field];
    await db.drafts.upsert({
      id: `${kind}:${spec.collection}:${String(doc.id)}`,
      kind,
      key: draftKey(doc),
      collection_name: spec.collection,
      doc_id: String(doc.id),
      content: typeof doc.content === 'string' ? doc.content : typeof doc.title === 'string' ? doc.title : null,
      fields: kept,
      reason,
      user_id: getLocalIdentity(db),
      updated_at: new Date().toISOString(),
    });
  }

  async function settle(row: RxReplicationWriteToMasterRow<unknown>, outcome: Outcome, conflicts: WithDeleted<unknown>[], serverDocs: WithDeleted<Row>[]) {
    const doc = row.newDocumentState as WithDeleted<Row>;
    const id = String(doc.id);
    fkFailures.delete(id);
    switch (outcome.type) {
      case 'ok':
        if (outcome.serverDoc) serverDocs.push(outcome.serverDoc);
        await setOutboxState(db, spec.collection, id, 'sent');
        break;
      case 'conflict':
        await keepAsDraft('conflict', doc, outcome.lostFields, SYNC_MESSAGES.conflict);
        await setOutboxState(db, spec.collection, id, 'conflict', SYNC_MESSAGES.conflict);
        conflicts.push(outcome.master);
        break;
      case 'rejected': {
        const fields = row.assumedMasterState ? differing(spec.updateColumns, doc, row.assumedMasterState as Row) : spec.insertColumns;
        await keepAsDraft('rejected', doc, fields, outcome.reason);
        await setOutboxState(db, spec.collection, id, 'rejected', outcome.reason);
        conflicts.push(outcome.master);
        break;
      }
      case 'adopted':
        conflicts.push(outcome.master);
        break;
      case 'transient':
        break;
    }
  }

  return async (rows) => {
    const conflicts: WithDeleted<unknown>[] = [];
    const serverDocs: WithDeleted<Row>[] = [];
    let pending = rows;
    for (let attempt = 0; ; attempt += 1) {
      const retry: typeof rows = [];
      await Promise.all(
        pending.map(async (row) => {
          const outcome = await pushOne(row);
          if (outcome.type === 'transient') retry.push(row);
          else await settle(row, outcome, conflicts, serverDocs);
        }),
      );
      if (retry.length === 0) break;
      // Throwing hands the batch back to RxDB, which stops retrying once the replication is canceled.
      if (options.isStopped()) throw new Error(`${spec.table}: replication stopped with ${retry.length} writes queued`);
      await backoff(Math.min(maxRetry, retryBase * 2 ** attempt));
      pending = retry;
    }
    if (serverDocs.length > 0) options.onServerRows?.(serverDocs);
    return conflicts;
  };
}
