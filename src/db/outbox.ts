import type { RxDatabase } from 'rxdb';
import { type AppCollections, type AppDocTypes, type OutboxCollectionName, type ReplicatedCollectionName } from './collections';
import type { AppDatabase } from './database';
import { getLocalIdentity } from './identity';
import { TABLE_SPECS } from './replication/tables';
import { outboxId, type OutboxDoc, type OutboxOp, type OutboxState } from './schemas/outbox';

export { outboxId };

/** One local write of a member: a new row, a change of some of its columns, or its removal. */
export type Mutation<K extends ReplicatedCollectionName = ReplicatedCollectionName> =
  | {
      op: 'insert';
      collection: K;
      doc: AppDocTypes[K] & { id: string };
      /** the row is a toggle (a like, a follow): a removed earlier state of it is brought back, a live one left as it is */
      revive?: boolean;
    }
  | {
      op: 'update';
      collection: K;
      id: string;
      patch: Partial<AppDocTypes[K]>;
      /** the error when the row is not on the device; without it a missing row is left alone */ missing?: string;
    }
  | { op: 'delete'; collection: K; id: string };

type Columns = Record<string, unknown>;

/** What one write changes, as its outbox record keeps it. */
export interface RecordedWrite {
  collection: ReplicatedCollectionName;
  id: string;
  op: OutboxOp;
  columns: Columns;
  previous: Columns;
  base: string | null;
}

/** A document as plain columns; every collection's document is a flat JSON object with an id. */
export function asColumns(doc: object & { id: string }): Columns & { id: string } {
  return doc as Columns & { id: string };
}

function pick(from: Columns, columns: readonly string[]): Columns {
  const out: Columns = {};
  for (const column of columns) if (column in from) out[column] = from[column];
  return out;
}

/**
 * The outbox record of a write about to be made, merged with what still waits
 * for the same row: a row inserted and then edited before it was sent is
 * still one insert; a change keeps the version and the values the member's
 * first unsent change was made on.
 */
export function nextRecord(earlier: OutboxDoc | null, write: RecordedWrite, userId: string | null, at: string): OutboxDoc {
  const waiting = earlier?.state === 'waiting' && earlier.op ? earlier : null;
  const op: OutboxOp = waiting?.op === 'insert' && write.op !== 'delete' ? 'insert' : write.op;
  return {
    id: outboxId(write.collection, write.id),
    collection_name: write.collection,
    doc_id: write.id,
    state: 'waiting',
    reason: null,
    user_id: userId,
    updated_at: at,
    op,
    columns: op === write.op && op === 'insert' ? write.columns : { ...waiting?.columns, ...write.columns },
    previous: { ...write.previous, ...waiting?.previous },
    base: waiting ? (waiting.base ?? null) : write.base,
  };
}

/**
 * Writes a member's change: its outbox record first (state waiting, what must
 * be sent), then the document, so no change is ever in the store without its
 * record; a write that fails puts the record back. `mutate` (src/db/mutate.ts)
 * runs it after holding the write; replaying a held write on open runs it too.
 */
export async function applyMutation<K extends ReplicatedCollectionName>(db: AppDatabase, mutation: Mutation<K>): Promise<void> {
  const { collection } = mutation;
  const spec = TABLE_SPECS[collection];
  // One collection's documents; TypeScript cannot narrow db[collection] by K.
  const target = db[collection] as unknown as {
    findOne(id: string): {
      exec(): Promise<{ toJSON(): Columns; incrementalPatch(p: unknown): Promise<unknown>; incrementalRemove(): Promise<unknown> } | null>;
    };
    insert(doc: unknown): Promise<unknown>;
  };
  if (mutation.op === 'insert') {
    const doc = asColumns(mutation.doc);
    // A live row of a toggle is already in the state this insert wants.
    if (mutation.revive && (await target.findOne(doc.id).exec())) return;
    await recordWrite(db, { collection, id: doc.id, op: 'insert', columns: pick(doc, spec.insertColumns), previous: {}, base: null }, () => target.insert(doc));
    return;
  }
  const current = await target.findOne(mutation.id).exec();
  if (!current) {
    if (mutation.op === 'update' && mutation.missing) throw new Error(mutation.missing);
    return;
  }
  const before = current.toJSON();
  const base = typeof before.server_modified === 'string' ? before.server_modified : null;
  if (mutation.op === 'update') {
    const changed = pick(mutation.patch as Columns, spec.updateColumns);
    const write = { collection, id: mutation.id, op: 'update' as const, columns: changed, previous: pick(before, Object.keys(changed)), base };
    await recordWrite(db, write, () => current.incrementalPatch(mutation.patch));
    return;
  }
  const write = { collection, id: mutation.id, op: 'delete' as const, columns: { _deleted: true }, previous: { _deleted: false }, base };
  await recordWrite(db, write, () => current.incrementalRemove());
}

export async function recordWrite(db: AppDatabase, write: RecordedWrite, run: () => Promise<unknown>): Promise<void> {
  const earlierDoc = await db.outbox.findOne(outboxId(write.collection, write.id)).exec();
  const earlier = earlierDoc ? (earlierDoc.toMutableJSON() as OutboxDoc) : null;
  await db.outbox.upsert(nextRecord(earlier, write, getLocalIdentity(db), new Date().toISOString()));
  try {
    await run();
  } catch (error) {
    // The write did not happen: the record says what it said before.
    if (earlier) await db.outbox.upsert(earlier).catch(() => undefined);
    else
      await db.outbox
        .findOne(outboxId(write.collection, write.id))
        .remove()
        .catch(() => undefined);
    throw error;
  }
}

/** Moves the state of one write's record (the push's outcome); what the write path recorded stays. */
export async function setOutboxState(
  db: RxDatabase<AppCollections>,
  collection: OutboxCollectionName,
  docId: string,
  state: OutboxState,
  reason: string | null = null,
): Promise<void> {
  if (db.closed) return;
  const id = outboxId(collection, docId);
  const updated_at = new Date().toISOString();
  const existing = await db.outbox.findOne(id).exec();
  // The record keeps what the write path put in it (the operation and its columns); only the state moves.
  if (existing) await existing.incrementalPatch({ state, reason, updated_at });
  else
    await db.outbox.insert({ id, collection_name: collection, doc_id: docId, state, reason, user_id: getLocalIdentity(db), updated_at }).catch(async () => {
      // Written meanwhile by the write path: move its state instead.
      await db.outbox.findOne(id).incrementalPatch({ state, reason, updated_at });
    });
}

/** Entries older than this that were sent are dropped at start; "sent" only needs to show for a while. */
export const SENT_ENTRY_TTL_MS = 24 * 60 * 60 * 1000;

export async function pruneSentOutboxEntries(db: RxDatabase<AppCollections>, now = Date.now()): Promise<void> {
  const cutoff = new Date(now - SENT_ENTRY_TTL_MS).toISOString();
  await db.outbox.find({ selector: { state: 'sent', updated_at: { $lt: cutoff } } }).remove();
}
