// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '@/db/database';
import { countUnsent, purgePrivateData } from '@/db/signout';
import type { SyncHandle } from '@/db/replication/sync';
import { firstValueFrom } from 'rxjs';
import { waitingCount$ } from '@/db/sync-status';
import { insertLocal } from '@/db/writes';
import { rescueKey } from '@/features/discussions/hooks/use-local-draft';
import { readFormDraft, writeFormDraft } from '@/lib/form-drafts';
import { hasLaunchSnapshot, writeLaunchSnapshot } from '@/launch/launch-snapshot';
import { testDatabase } from './db-support/memory-db';
import { stubSync, until } from './db-support/sync';

let db: AppDatabase;
let sync: SyncHandle | undefined;
afterEach(async () => {
  await sync?.stop();
  await db?.close();
});

const me = crypto.randomUUID();
const thread = crypto.randomUUID();

async function memberDevice() {
  db = await testDatabase();
  const s = stubSync(db, me, ['posts', 'notifications']);
  sync = s.sync;
  const notifications = s.table('notifications');
  notifications.put({
    id: crypto.randomUUID(),
    user_id: me,
    type: 'new_reply',
    is_read: false,
    created_at: new Date().toISOString(),
    content_preview: 'private',
  });
  sync.resync();
  await until(async () => (await db.notifications.count().exec()) === 1);
  await db.drafts.insert({ id: 'reply:x', kind: 'reply', key: thread, content: 'half written', user_id: me, updated_at: new Date().toISOString() });
  const posts = s.table('posts');
  posts.offline = true;
  const unsent = await insertLocal(db, 'posts', { discussion_id: thread, user_id: me, content: 'queued offline', is_solution: false });
  return { unsent, posts };
}

describe('sign-out on a shared device', () => {
  it('removes notifications, drafts (rescued words and unsent forms too), what screens last showed and (when asked) unsent writes', async () => {
    const { unsent, posts } = await memberDevice();
    writeLaunchSnapshot('/discussions', { seenBy: me });
    writeFormDraft(rescueKey('reply:y', me), { text: 'typed as the page went away' });
    writeFormDraft(`contact:${me}`, { message: 'not sent yet' });
    expect(await countUnsent(db)).toBe(1);
    const result = await purgePrivateData(db, { keepUnsent: false, sync });
    sync = undefined;
    expect(result.unsent).toBe(1);
    expect(await db.notifications.count().exec()).toBe(0);
    expect(await db.drafts.count().exec()).toBe(0);
    expect(await db.posts.findOne(unsent.id).exec()).toBeNull();
    expect(await countUnsent(db)).toBe(0);
    expect(posts.inserts).toHaveLength(0);
    expect(hasLaunchSnapshot('/discussions')).toBe(false);
    expect(readFormDraft(rescueKey('reply:y', me), (v) => v)).toBeNull();
    expect(readFormDraft(`contact:${me}`, (v) => v)).toBeNull();
  });

  it('keeps unsent writes as the member’s own drafts when they choose to', async () => {
    const { unsent } = await memberDevice();
    await purgePrivateData(db, { keepUnsent: true, sync });
    sync = undefined;
    expect(await db.posts.findOne(unsent.id).exec()).toBeNull();
    const drafts = await db.drafts.find().exec();
    expect(drafts.map((d) => [d.kind, d.content, d.user_id])).toEqual([['reply', 'queued offline', me]]);
    expect(await db.notifications.count().exec()).toBe(0);
  });

  it('counts a read point waiting to be sent as bookkeeping, not as a change of the member: not waiting, not asked about, never a draft', async () => {
    const { unsent } = await memberDevice();
    const at = new Date().toISOString();
    await insertLocal(db, 'discussion_reads', { user_id: me, discussion_id: thread, last_read_at: at, level: null, created_at: at, updated_at: at });
    expect(await db.outbox.count({ selector: { state: 'waiting' } }).exec()).toBe(2);
    expect(await firstValueFrom(waitingCount$(db))).toBe(1);
    expect(await countUnsent(db)).toBe(1);
    const result = await purgePrivateData(db, { keepUnsent: true, sync });
    sync = undefined;
    expect(result.unsent).toBe(1);
    const drafts = await db.drafts.find().exec();
    expect(drafts.map((d) => [d.kind, d.doc_id])).toEqual([['reply', unsent.id]]);
  });
});
