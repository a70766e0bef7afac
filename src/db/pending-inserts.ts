import { deviceStorage, privateKey, readJson } from '@/lib/device-storage';
import type { ReplicatedCollectionName } from './collections';
import type { AppDatabase } from './database';
import { applyMutation, outboxId, recordWrite } from './outbox';
import { TABLE_SPECS } from './replication/tables';

/**
 * Writes the screen already shows but IndexedDB may not have committed yet:
 * inserts (a reply, a like), patches (an edit, a new title, a lock) and
 * removals (a deleted post or discussion, an unlike). An IndexedDB
 * write in flight dies with its page (a reload, a link opened in the same
 * tab, the app closed), so the write is first kept here, synchronously, and
 * done again when the store next opens if it never landed. Kept with the
 * member's private device values, so sign-out removes it.
 */
/** `revive`: the row is a toggle (a like, a follow) whose removed earlier state this insert brings back. */
type Held = { collection: ReplicatedCollectionName; doc: { id: string } & Record<string, unknown>; revive?: boolean };
/** `token` tells holds of the same row apart: a later patch's hold must outlive an earlier patch's release. */
type HeldPatch = { collection: ReplicatedCollectionName; id: string; patch: Record<string, unknown>; token: string };

const KEY = privateKey('pending-insert', 'all');
const PATCH_KEY = privateKey('pending-patch', 'all');

function parseHeld(value: unknown): Held[] | null {
  if (!Array.isArray(value)) return null;
  return value.every((v) => v && typeof v === 'object' && typeof v.collection === 'string' && typeof v.doc?.id === 'string') ? (value as Held[]) : null;
}

function parseHeldPatches(value: unknown): HeldPatch[] | null {
  if (!Array.isArray(value)) return null;
  const valid = value.every(
    (v) =>
      v &&
      typeof v === 'object' &&
      typeof v.collection === 'string' &&
      typeof v.id === 'string' &&
      typeof v.token === 'string' &&
      v.patch &&
      typeof v.patch === 'object' &&
      !Array.isArray(v.patch),
  );
  return valid ? (value as HeldPatch[]) : null;
}

function read(): Held[] {
  return readJson(KEY, parseHeld) ?? [];
}

function readPatches(): HeldPatch[] {
  return readJson(PATCH_KEY, parseHeldPatches) ?? [];
}

function write(key: string, list: unknown[]): void {
  const store = deviceStorage();
  if (!store) return;
  try {
    if (list.length === 0) store.removeItem(key);
    else store.setItem(key, JSON.stringify(list));
  } catch {
    // A full quota: the write still runs, only leaving before it commits could lose it.
  }
}

/** A removal is held as a patch of this one field; replaying it removes the row. */
const REMOVED = '_deleted';

function isRemoval(patch: Record<string, unknown>): boolean {
  return patch[REMOVED] === true;
}

export function holdPendingInsert(
  collection: ReplicatedCollectionName,
  doc: { id: string } & Record<string, unknown>,
  options: { revive?: boolean } = {},
): void {
  write(KEY, [...read().filter((h) => h.doc.id !== doc.id), { collection, doc, ...(options.revive ? { revive: true } : {}) }]);
  // The latest intent wins: a like held after an unlike of the same row must not be undone by the unlike's hold.
  const patches = readPatches();
  if (patches.some((h) => h.collection === collection && h.id === doc.id && isRemoval(h.patch)))
    write(
      PATCH_KEY,
      patches.filter((h) => !(h.collection === collection && h.id === doc.id && isRemoval(h.patch))),
    );
}

export function releasePendingInsert(id: string): void {
  const list = read();
  if (list.some((h) => h.doc.id === id))
    write(
      KEY,
      list.filter((h) => h.doc.id !== id),
    );
}

/**
 * Holds a patch of one row until `release` is called (once the store has it).
 * Patches of the same row not yet released are merged, the later winning.
 */
export function holdPendingPatch(collection: ReplicatedCollectionName, id: string, patch: Record<string, unknown>): () => void {
  const token = crypto.randomUUID();
  const list = readPatches();
  const earlier = list.find((h) => h.collection === collection && h.id === id);
  const held: HeldPatch = { collection, id, patch: { ...earlier?.patch, ...patch }, token };
  write(PATCH_KEY, [...list.filter((h) => h !== earlier), held]);
  return () => {
    const now = readPatches();
    if (now.some((h) => h.token === token))
      write(
        PATCH_KEY,
        now.filter((h) => h.token !== token),
      );
  };
}

/**
 * Holds the removal of one row until `release` is called (once the store has
 * it). Any insert of the same row still held is dropped: removing it is the
 * member's latest intent.
 */
export function holdPendingRemove(collection: ReplicatedCollectionName, id: string): () => void {
  releasePendingInsert(id);
  return holdPendingPatch(collection, id, { [REMOVED]: true });
}

function pick(from: Record<string, unknown>, columns: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(columns.filter((c) => c in from).map((c) => [c, from[c]]));
}

/** The record of a write the store committed without it (the page went away between the two). */
function recordLanded(
  db: AppDatabase,
  collection: ReplicatedCollectionName,
  id: string,
  op: 'insert' | 'update' | 'delete',
  columns: Record<string, unknown>,
  stored: { server_modified?: unknown } | undefined,
): Promise<void> {
  // What the row held before is gone; the version it was made on is the stored one's, unless the server never had it.
  const base = op !== 'insert' && typeof stored?.server_modified === 'string' ? stored.server_modified : null;
  return recordWrite(db, { collection, id, op, columns, previous: {}, base }, async () => undefined);
}

/** Writes every held insert the store does not have (not even as removed), then forgets them all. Returns how many were written. */
export async function replayPendingInserts(db: AppDatabase): Promise<number> {
  const held = read();
  let written = 0;
  for (const { collection, doc, revive } of held) {
    const target = db[collection];
    if (!target) continue;
    const existing = await target.storageInstance.findDocumentsById([doc.id], true);
    // A reply removed since was deleted by the member; a toggle's removed row is the state this insert undoes.
    if (existing.length === 0 || (revive && existing[0]?._deleted)) {
      // Another tab may replay the same insert at the same moment: whoever loses the race has nothing to do.
      // The held shape is this collection's document as the screen built it.
      await applyMutation(db, { op: 'insert', collection, doc: doc as never, revive }).then(
        () => (written += 1),
        () => undefined,
      );
    } else if (db.outbox && !existing[0]?._deleted && !(await db.outbox.findOne(outboxId(collection, doc.id)).exec())) {
      // The row committed but the page went away before its outbox entry did (a separate write after
      // the insert): without the entry the member would not be shown that it still waits to be sent.
      await recordLanded(db, collection, doc.id, 'insert', pick(doc, TABLE_SPECS[collection].insertColumns), existing[0]).catch(() => undefined);
    }
    releasePendingInsert(doc.id);
  }
  return written;
}

/**
 * Applies every held patch (or removal) the store's row does not already show,
 * then forgets them all. A row that is gone (deleted meanwhile) is left alone.
 * Returns how many were applied.
 */
export async function replayPendingPatches(db: AppDatabase): Promise<number> {
  const held = readPatches();
  let applied = 0;
  for (const { collection, id, patch, token } of held) {
    const target = db[collection];
    const doc = target ? await target.findOne(id).exec() : null;
    if (target && isRemoval(patch)) {
      if (doc) {
        await applyMutation(db, { op: 'delete', collection, id }).then(
          () => (applied += 1),
          () => undefined,
        );
      } else {
        const [removed] = await target.storageInstance.findDocumentsById([id], true);
        if (removed && db.outbox && !(await db.outbox.findOne(outboxId(collection, id)).exec())) {
          // Removed just before the page went away, its outbox entry not: still show it waiting.
          await recordLanded(db, collection, id, 'delete', { _deleted: true }, removed).catch(() => undefined);
        }
      }
    } else if (doc) {
      const data = doc.toJSON() as Record<string, unknown>;
      const landed = Object.entries(patch).every(([field, value]) => JSON.stringify(data[field]) === JSON.stringify(value));
      if (!landed) {
        await applyMutation(db, { op: 'update', collection, id, patch }).then(
          () => (applied += 1),
          () => undefined,
        );
      } else if (db.outbox && !(await db.outbox.findOne(outboxId(collection, id)).exec())) {
        // Committed just before the page went away, its outbox entry not: still show it waiting.
        await recordLanded(db, collection, id, 'update', pick(patch, TABLE_SPECS[collection].updateColumns), data).catch(() => undefined);
      }
    }
    const now = readPatches();
    write(
      PATCH_KEY,
      now.filter((h) => h.token !== token),
    );
  }
  return applied;
}

/** Every held write, inserts first (a patch may concern a row inserted just before it). */
export async function replayPendingWrites(db: AppDatabase): Promise<void> {
  await replayPendingInserts(db).catch(() => undefined);
  await replayPendingPatches(db).catch(() => undefined);
}
