import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '@/db/database';
import { SYNC_MESSAGES } from '@/db/messages';
import type { SyncHandle } from '@/db/replication/sync';
import { DRAFT_CONTENT_MAX, draftId, isSyncedDraft } from '@/db/schemas/drafts';
import { clearDraft, saveReplyDraft } from '@/features/discussions/model/writes';
import { testDatabase } from './db-support/memory-db';
import { deviceClosedAfterEach, stubSync, until } from './db-support/sync';

const me = crypto.randomUUID();
const thread = crypto.randomUUID();
const mine = draftId(me, 'reply', thread);

const current = deviceClosedAfterEach();
let db: AppDatabase;
let sync: SyncHandle | undefined;

/** A device of `me` replicating drafts against a stub table that may already hold rows. */
async function device(rows: Record<string, unknown>[] = []) {
  db = current.db = await testDatabase();
  const started = stubSync(db, me, ['drafts'], { drafts: rows });
  sync = current.sync = started.sync;
  await sync.awaitInSync();
  return started.table('drafts');
}

const serverDraft = (content: string, updatedAt: string) => ({
  id: mine,
  user_id: me,
  kind: 'reply',
  key: thread,
  content,
  fields: { quoted_post_id: null },
  updated_at: updatedAt,
});

describe('drafts on every device', () => {
  it('a draft longer than the drafts table stores stays on the device instead of being pushed to a refusal', () => {
    const draft = { id: mine, user_id: me, kind: 'reply', key: thread, updated_at: new Date().toISOString() };
    expect(isSyncedDraft({ ...draft, content: 'x'.repeat(DRAFT_CONTENT_MAX) }, me)).toBe(true);
    expect(isSyncedDraft({ ...draft, content: 'x'.repeat(DRAFT_CONTENT_MAX + 1) }, me)).toBe(false);
  });

  it("a member's reply draft goes to their drafts table and its removal follows; refused texts and other members' drafts stay on the device", async () => {
    const drafts = await device();
    await saveReplyDraft(db, me, thread, 'half a reply', null);
    await until(() => drafts.rows.get(mine)?.content === 'half a reply');
    expect(drafts.inserts[0]).toMatchObject({ id: mine, user_id: me, kind: 'reply', key: thread, content: 'half a reply' });
    // Typing is not a write waiting to be sent: sign-out has nothing to ask about it.
    expect(await db.outbox.count({ selector: { state: 'waiting' } }).exec()).toBe(0);

    const someoneElse = crypto.randomUUID();
    await saveReplyDraft(db, someoneElse, thread, 'left on a shared phone', null);
    await db.drafts.insert({
      id: `rejected:posts:${crypto.randomUUID()}`,
      kind: 'rejected',
      key: thread,
      content: 'refused',
      reason: 'Locked',
      user_id: me,
      updated_at: new Date().toISOString(),
    });

    await clearDraft(db, mine);
    await until(() => drafts.rows.get(mine)?._deleted === true);
    await sync!.awaitInSync();
    expect(drafts.inserts.map((row) => row.id)).toEqual([mine]);
    expect(await db.drafts.count().exec()).toBe(2);
  });

  it('a draft written on another device arrives on this one', async () => {
    await device([serverDraft('started on the phone', new Date().toISOString())]);
    await until(async () => (await db.drafts.findOne(mine).exec())?.content === 'started on the phone');
  });

  it("both devices changed it: this device's later edit wins, and the other device's text is kept as a conflict draft of the thread", async () => {
    const drafts = await device([serverDraft('phone, first words', new Date(Date.now() - 60_000).toISOString())]);
    await until(async () => (await db.drafts.findOne(mine).exec()) !== null);

    drafts.offline = true;
    drafts.put({ ...drafts.rows.get(mine)!, content: 'phone, more words', updated_at: new Date(Date.now() - 30_000).toISOString(), _modified: undefined });
    await saveReplyDraft(db, me, thread, 'desktop, newest words', null);
    drafts.offline = false;

    await until(() => drafts.rows.get(mine)?.content === 'desktop, newest words');
    await until(async () => (await db.drafts.findOne(`conflict:drafts:${mine}`).exec()) !== null);
    const kept = (await db.drafts.findOne(`conflict:drafts:${mine}`).exec())!;
    expect(kept).toMatchObject({ kind: 'conflict', key: thread, content: 'phone, more words', reason: SYNC_MESSAGES.otherVersionKept });
    expect((await db.drafts.findOne(mine).exec())?.content).toBe('desktop, newest words');
  });

  it("both devices changed it: the other device's later edit wins, and this device's text is kept as a conflict draft", async () => {
    const drafts = await device([serverDraft('phone, first words', new Date(Date.now() - 60_000).toISOString())]);
    await until(async () => (await db.drafts.findOne(mine).exec()) !== null);

    drafts.offline = true;
    await saveReplyDraft(db, me, thread, 'desktop words', null);
    drafts.put({ ...drafts.rows.get(mine)!, content: 'phone, newest words', updated_at: new Date(Date.now() + 60_000).toISOString(), _modified: undefined });
    drafts.offline = false;

    await until(async () => (await db.drafts.findOne(mine).exec())?.content === 'phone, newest words');
    expect(drafts.rows.get(mine)?.content).toBe('phone, newest words');
    const kept = await db.drafts.findOne(`conflict:drafts:${mine}`).exec();
    expect(kept).toMatchObject({ kind: 'conflict', key: thread, content: 'desktop words', reason: SYNC_MESSAGES.conflict });
  });
});
