import type { AppDatabase } from './database';
import type { DraftDoc } from './schemas/drafts';

/**
 * Drafts are local only (never replicated): what a member is typing, and the
 * text of a write the server refused or overrode. These are the only ways
 * features write them, so a lint rule can forbid every other store write.
 */
export async function saveDraft(db: AppDatabase, draft: DraftDoc): Promise<void> {
  await db.drafts.upsert(draft);
}

export async function clearDraft(db: AppDatabase, id: string): Promise<void> {
  const existing = await db.drafts.findOne(id).exec();
  if (existing) await existing.remove();
}
