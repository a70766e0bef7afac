import type { AppDatabase } from './database';
import type { DraftDoc } from './schemas/drafts';

/**
 * Drafts: what a member is typing (saved here at once, then synced to their
 * other devices by replication; removing one removes it everywhere), and the
 * text of a write the server refused or overrode (this device only). These
 * are the only ways features write them, so a lint rule can forbid every
 * other store write.
 */
export async function saveDraft(db: AppDatabase, draft: DraftDoc): Promise<void> {
  // Incremental: replication may have just written the server's version of the same draft.
  await db.drafts.incrementalUpsert(draft);
}

export async function clearDraft(db: AppDatabase, id: string): Promise<void> {
  const existing = await db.drafts.findOne(id).exec();
  if (existing) await existing.incrementalRemove();
}
