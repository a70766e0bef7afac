import { deviceStorage, privateKey, readJson } from '@/lib/device-storage';
import type { ReplicatedCollectionName } from './collections';
import type { AppDatabase } from './database';
import { outboxId, setOutboxState } from './outbox';

/**
 * Inserts the screen already shows but IndexedDB may not have committed yet.
 * An IndexedDB write in flight dies with its page (a reload, a link opened in
 * the same tab, the app closed), so the row is first kept here,
 * synchronously, and written again when the store next opens if it never
 * landed. Kept with the member's private device values, so sign-out removes it.
 */
type Held = { collection: ReplicatedCollectionName; doc: { id: string } & Record<string, unknown> };

const KEY = privateKey('pending-insert', 'all');

function parseHeld(value: unknown): Held[] | null {
  if (!Array.isArray(value)) return null;
  return value.every((v) => v && typeof v === 'object' && typeof v.collection === 'string' && typeof v.doc?.id === 'string') ? (value as Held[]) : null;
}

function read(): Held[] {
  return readJson(KEY, parseHeld) ?? [];
}

function write(list: Held[]): void {
  const store = deviceStorage();
  if (!store) return;
  try {
    if (list.length === 0) store.removeItem(KEY);
    else store.setItem(KEY, JSON.stringify(list));
  } catch {
    // A full quota: the insert still runs, only leaving before it commits could lose it.
  }
}

export function holdPendingInsert(collection: ReplicatedCollectionName, doc: { id: string } & Record<string, unknown>): void {
  write([...read().filter((h) => h.doc.id !== doc.id), { collection, doc }]);
}

export function releasePendingInsert(id: string): void {
  const list = read();
  if (list.some((h) => h.doc.id === id)) write(list.filter((h) => h.doc.id !== id));
}

/** Writes every held insert the store does not have (not even as removed), then forgets them all. Returns how many were written. */
export async function replayPendingInserts(db: AppDatabase): Promise<number> {
  const held = read();
  let written = 0;
  for (const { collection, doc } of held) {
    const target = db[collection];
    if (!target) continue;
    const existing = await target.storageInstance.findDocumentsById([doc.id], true);
    if (existing.length === 0) {
      // Another tab may replay the same insert at the same moment: whoever loses the race has nothing to do.
      // The held shape is this collection's document as the screen built it.
      await (target.insert(doc as never) as Promise<unknown>).then(() => (written += 1), () => undefined);
    } else if (db.outbox && !existing[0]?._deleted && !(await db.outbox.findOne(outboxId(collection, doc.id)).exec())) {
      // The row committed but the page went away before its outbox entry did (a separate write after
      // the insert): without the entry the member would not be shown that it still waits to be sent.
      await setOutboxState(db, collection, doc.id, 'waiting').catch(() => undefined);
    }
    releasePendingInsert(doc.id);
  }
  return written;
}
