import { isUuid } from './ids';
import type { AppDatabase } from './database';
import type { PinnableType } from './schemas/pinned';
import type { SyncHandle } from './replication/sync';

function pinId(type: PinnableType, id: string): string {
  return `keep_offline:${type}:${id}`;
}

/** 'Keep offline': the thread's posts are fetched now and keep syncing; blog posts are always kept. */
export async function pinForOffline(db: AppDatabase, type: PinnableType, id: string, sync?: SyncHandle | null): Promise<void> {
  if (!isUuid(id)) throw new Error(`Not an id: ${id}`);
  await db.pinned.upsert({ id: pinId(type, id), reason: 'keep_offline', entity_type: type, entity_id: id, pinned_at: new Date().toISOString() });
  if (type === 'discussion' && sync) await sync.ensureThread(id);
}

export async function unpin(db: AppDatabase, type: PinnableType, id: string): Promise<void> {
  await db.pinned.findOne(pinId(type, id)).remove();
}

export async function isPinned(db: AppDatabase, type: PinnableType, id: string): Promise<boolean> {
  return (await db.pinned.findOne(pinId(type, id)).exec()) !== null;
}
