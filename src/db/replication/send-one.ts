import { deepEqual, type WithDeleted } from 'rxdb';
import { SYNC_MESSAGES } from '../messages';
import type { DraftDoc, DraftKind } from '../schemas/drafts';
import type { OutboxDoc } from '../schemas/outbox';
import { classifyFailure, FK_VIOLATION, UNIQUE_VIOLATION, type PushFailure } from './errors';
import type { RemoteTable } from './remote-table';
import { docToRow, type Row } from './row-mapping';
import type { TableSyncSpec } from './tables';

/** After this many foreign-key failures the parent is taken as gone for good. */
export const MAX_FK_ATTEMPTS = 8;
/** A row that loses the race for the same version this many times in one push waits for the next cycle. */
const MAX_UPDATE_ROUNDS = 3;

/** How sending one write ended. `adopted`: a row the device pulled, not the member's, takes the server's state. */
export type SendOutcome =
  | { type: 'ok'; serverDoc?: WithDeleted<Row> }
  | { type: 'conflict'; master: WithDeleted<Row>; lostFields: string[] }
  | { type: 'rejected'; master: WithDeleted<Row>; reason: string }
  | { type: 'adopted'; master: WithDeleted<Row> }
  | { type: 'transient'; failure: PushFailure };

/**
 * What sending needs, and nothing of RxDB: the table's rules, the server, the
 * row mapping and whether the member's write of a row still waits. The page's
 * push handler passes its own; a sender without the store (a service worker)
 * can pass one built from the outbox records it reads.
 */
export interface SendContext {
  spec: TableSyncSpec;
  remote: RemoteTable;
  toDoc: (row: Row) => WithDeleted<Row>;
  isWaiting: (id: string) => Promise<boolean>;
  /** foreign-key failures per row so far; one map per sender, so a parent that never comes is given up on */
  fkFailures: Map<string, number>;
}

function valueOf(doc: Row, field: string): unknown {
  return doc[field] ?? null;
}

export function differing(fields: readonly string[], a: Row, b: Row): string[] {
  return fields.filter((field) => !deepEqual(valueOf(a, field), valueOf(b, field)));
}

async function fetchServer(ctx: SendContext, id: string): Promise<{ doc: WithDeleted<Row> | null; failure?: PushFailure }> {
  const result = await ctx.remote.selectByIds([id]);
  if (result.error || !result.data) return { doc: null, failure: classifyFailure(result.error, result.status) };
  return { doc: result.data[0] ? ctx.toDoc(result.data[0]) : null };
}

function failed(ctx: SendContext, doc: Row, failure: PushFailure, master: WithDeleted<Row>): SendOutcome {
  if (failure.kind === 'permanent') return { type: 'rejected', master, reason: failure.reason };
  if (failure.code === FK_VIOLATION) {
    const id = String(doc.id);
    const count = (ctx.fkFailures.get(id) ?? 0) + 1;
    ctx.fkFailures.set(id, count);
    if (count >= MAX_FK_ATTEMPTS) return { type: 'rejected', master, reason: SYNC_MESSAGES.parentMissing };
  }
  return { type: 'transient', failure };
}

/** Applies the member's changes on top of `server`, given the version the member edited (`base`). */
async function mergeOnto(ctx: SendContext, doc: WithDeleted<Row>, base: WithDeleted<Row> | null, start: WithDeleted<Row>): Promise<SendOutcome> {
  const { spec, remote } = ctx;
  let server = start;
  let pending = base ? differing(spec.updateColumns, doc, base) : differing(spec.updateColumns, doc, server);
  for (let round = 0; round < MAX_UPDATE_ROUNDS; round += 1) {
    if (base) {
      // Both sides changed the same field to different values: server wins, keep ours as a draft.
      const clash = pending.filter(
        (f) => !spec.serverMerged?.includes(f) && !deepEqual(valueOf(server, f), valueOf(base!, f)) && !deepEqual(valueOf(server, f), valueOf(doc, f)),
      );
      if (clash.length > 0) return { type: 'conflict', master: server, lostFields: clash };
    }
    pending = pending.filter((f) => !deepEqual(valueOf(server, f), valueOf(doc, f)));
    if (pending.length === 0) return { type: 'ok', serverDoc: server };
    const expected = server.server_modified;
    if (typeof expected !== 'string') return { type: 'rejected', master: server, reason: SYNC_MESSAGES.rejectedFallback };
    const result = await remote.update(String(doc.id), docToRow(spec, doc, pending), expected);
    if (result.error) return failed(ctx, doc, classifyFailure(result.error, result.status), server);
    if (result.data) return { type: 'ok', serverDoc: ctx.toDoc(result.data) };
    const fetched = await fetchServer(ctx, String(doc.id));
    if (fetched.failure) return failed(ctx, doc, fetched.failure, server);
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
 * no server state is known for it: a pull stopped between writing the row
 * and recording it (sign-in stops the visitor's replication), or rows another
 * identity's replication wrote after this one started. It is not the
 * member's new row, so it is never inserted or reverted as refused: the
 * server's current row is taken, unless the member has edited it since.
 */
async function reconcilePulled(ctx: SendContext, doc: WithDeleted<Row>): Promise<SendOutcome> {
  const fetched = await fetchServer(ctx, String(doc.id));
  if (fetched.failure) return fetched.failure.kind === 'transient' ? { type: 'transient', failure: fetched.failure } : { type: 'adopted', master: doc };
  // Gone from the server, or not visible to this identity: the device should not show it either.
  if (!fetched.doc) return { type: 'adopted', master: { ...doc, _deleted: true } };
  return (await ctx.isWaiting(String(doc.id))) ? mergeOnto(ctx, doc, null, fetched.doc) : { type: 'adopted', master: fetched.doc };
}

/**
 * Sends one write: `doc` is the row as the member left it, `assumed` the
 * server's row their change was made on (null for a row the server never
 * had). An insert, or an update of the changed columns guarded by the
 * version; a refusal is told apart from a failure worth retrying.
 */
export async function sendOne(ctx: SendContext, doc: WithDeleted<Row>, assumed: WithDeleted<Row> | null): Promise<SendOutcome> {
  const { spec, remote } = ctx;
  const tombstone: WithDeleted<Row> = { ...doc, _deleted: true };

  if (!assumed) {
    if (spec.readable && typeof doc.server_modified === 'string') return reconcilePulled(ctx, doc);
    // Created and deleted before it ever reached the server: nothing to send.
    if (doc._deleted) return { type: 'ok' };
    if (spec.insertColumns.length === 0) return { type: 'rejected', master: tombstone, reason: SYNC_MESSAGES.permissionDenied };
    const result = await remote.insert(docToRow(spec, doc, spec.insertColumns), spec.readable);
    if (!result.error) return { type: 'ok', serverDoc: result.data ? ctx.toDoc(result.data) : undefined };
    if (result.error.code === UNIQUE_VIOLATION) {
      // Pushed before (the answer was lost) or a deterministic id (follow, like) that exists: merge onto it.
      if (!spec.readable) return { type: 'ok' };
      const fetched = await fetchServer(ctx, String(doc.id));
      if (fetched.failure) return failed(ctx, doc, fetched.failure, tombstone);
      // No row with our id: another unique column (username, slug) clashed.
      if (!fetched.doc) return { type: 'rejected', master: tombstone, reason: result.error.message ?? SYNC_MESSAGES.rejectedFallback };
      return mergeOnto(ctx, doc, null, fetched.doc);
    }
    return failed(ctx, doc, classifyFailure(result.error, result.status), tombstone);
  }

  if (typeof assumed.server_modified === 'string') return mergeOnto(ctx, doc, assumed, assumed);
  // Inserted from this device and the server's copy never came back: compare with what is there now.
  const fetched = await fetchServer(ctx, String(doc.id));
  if (fetched.failure) return failed(ctx, doc, fetched.failure, assumed);
  if (!fetched.doc) return { type: 'rejected', master: tombstone, reason: SYNC_MESSAGES.notFound };
  return mergeOnto(ctx, doc, assumed, fetched.doc);
}

/**
 * The pair `sendOne` takes, from an outbox record alone: what a sender that
 * cannot open the store (a service worker reading the record's database) has.
 * Null for a record kept before operations were recorded.
 */
export function sendArgsOf(
  record: Pick<OutboxDoc, 'doc_id' | 'op' | 'columns' | 'previous' | 'base'>,
): { doc: WithDeleted<Row>; assumed: WithDeleted<Row> | null } | null {
  if (!record.op) return null;
  const id = record.doc_id;
  if (record.op === 'insert') return { doc: { ...record.columns, id, _deleted: false }, assumed: null };
  const server_modified = record.base ?? null;
  const before: WithDeleted<Row> = { ...record.previous, id, server_modified, _deleted: false };
  const after: WithDeleted<Row> = { ...record.previous, ...record.columns, id, server_modified, _deleted: record.op === 'delete' };
  return { doc: after, assumed: record.base ? before : null };
}

/** The draft a refused or overridden text is kept as, so the member never loses it; the same from any sender. */
export function draftOf(
  spec: TableSyncSpec,
  kind: DraftKind,
  doc: Row,
  fields: readonly string[],
  reason: string,
  userId: string | null,
  at: string,
): DraftDoc {
  const kept: Row = {};
  for (const field of fields) if (field !== '_deleted' && field in doc) kept[field] = doc[field];
  // A reply's text is shown in its thread; so is a draft's overridden text (its key is the thread).
  const key =
    spec.collection === 'posts' && typeof doc.discussion_id === 'string'
      ? doc.discussion_id
      : spec.collection === 'drafts' && typeof doc.key === 'string'
        ? doc.key
        : String(doc.id);
  return {
    id: `${kind}:${spec.collection}:${String(doc.id)}`,
    kind,
    key,
    collection_name: spec.collection,
    doc_id: String(doc.id),
    content: typeof doc.content === 'string' ? doc.content : typeof doc.title === 'string' ? doc.title : null,
    fields: kept,
    reason,
    user_id: userId,
    updated_at: at,
  };
}
