import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogUrl, PUSH_TEXTS, threadUrl } from '../../supabase/functions/send-push/push-content';
import { testStack } from '../support/clients';
import { startPushServiceStandIn, type PushServiceStandIn } from '../support/standins/push-service';
import { createWorld, fixtures, uuidV5, type World } from './helpers/world';

/** Bookmarks with reminders and drafts: private to their member, bad input refused with a message, reminders sent by the server once. */

let w: World;
let push: PushServiceStandIn;
beforeAll(async () => {
  w = await createWorld('kp');
  push = await startPushServiceStandIn();
  await push.allowIn(testStack().dbUrl);
});
afterAll(async () => {
  await push?.stop();
  await w?.close();
});

const member = () => w.members.member;
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
const bookmarkId = (userId: string, type: string, entityId: string) => uuidV5(`bookmark:${userId}:${type}:${entityId}`);
const reminders = async (userId: string) =>
  (
    await w.db.query<{ content_preview: string | null; related_entity_id: string; target_entity_id: string | null }>(
      "select content_preview, related_entity_id, target_entity_id from public.notifications where user_id = $1 and type = 'bookmark_reminder'",
      [userId],
    )
  ).rows;

async function bookmark(row: Record<string, unknown>) {
  const m = member();
  const id = bookmarkId(m.id, String(row.entity_type), String(row.entity_id));
  const { error } = await m.client.from('bookmarks').insert({ id, user_id: m.id, ...row });
  return { id, error };
}

describe('bookmarks', () => {
  it("a post's bookmark knows its thread; only its member sees or changes it", async () => {
    const d = await fixtures.discussion(w.db, w.id('other')!);
    const p = await fixtures.post(w.db, d, w.id('other')!);
    const { id, error } = await bookmark({ entity_type: 'post', entity_id: p, note: '  Try this EQ trick  ' });
    expect(error).toBeNull();
    const row = await fixtures.row<{ discussion_id: string; note: string }>(w.db, 'bookmarks', id);
    expect(row).toMatchObject({ discussion_id: d, note: 'Try this EQ trick' });

    const other = w.members.other.client;
    expect((await other.from('bookmarks').select('id').eq('id', id)).data).toEqual([]);
    await other.from('bookmarks').update({ note: 'pwned' }).eq('id', id);
    await other.from('bookmarks').delete().eq('id', id);
    expect(await fixtures.row(w.db, 'bookmarks', id)).toMatchObject({ note: 'Try this EQ trick', _deleted: false });
    const { error: asOther } = await other.from('bookmarks').insert({ id: randomUUID(), user_id: member().id, entity_type: 'discussion', entity_id: d });
    expect(asOther).not.toBeNull();
  });

  it('refuses a reminder in the past, a note over 500 characters and a missing item, with a message, storing nothing', async () => {
    const d = await fixtures.discussion(w.db, w.id('other')!);
    const past = await bookmark({ entity_type: 'discussion', entity_id: d, remind_at: inSeconds(-60) });
    expect(past.error?.message).toBe('The reminder time has passed: pick a time in the future.');
    expect(past.error?.code).toBe('22023');
    const long = await bookmark({ entity_type: 'discussion', entity_id: d, note: 'x'.repeat(501) });
    expect(long.error?.message).toBe('A bookmark note can be at most 500 characters.');
    const missing = await bookmark({ entity_type: 'post', entity_id: randomUUID() });
    expect(missing.error?.message).toBe('This item does not exist or has been removed.');
    expect(await fixtures.row(w.db, 'bookmarks', past.id)).toBeUndefined();

    const ok = await bookmark({ entity_type: 'discussion', entity_id: d, note: 'x'.repeat(500) });
    expect(ok.error).toBeNull();
    const moved = await member()
      .client.from('bookmarks')
      .update({ remind_at: inSeconds(-5) })
      .eq('id', ok.id);
    expect(moved.error?.message).toBe('The reminder time has passed: pick a time in the future.');
    const { error: sneaky } = await member().client.from('bookmarks').update({ reminded_at: new Date().toISOString() }).eq('id', ok.id);
    expect(sneaky).toBeNull();
    expect(await fixtures.row(w.db, 'bookmarks', ok.id)).toMatchObject({ remind_at: null, reminded_at: null });
  });

  it('pg_cron sends a due reminder as a notification at its time, once', { timeout: 100_000 }, async () => {
    const { rows: jobs } = await w.db.query<{ schedule: string }>("select schedule from cron.job where jobname = 'bookmark-reminders'");
    expect(jobs).toEqual([{ schedule: '* * * * *' }]);

    const d = await fixtures.discussion(w.db, w.id('other')!, { title: 'Best budget monitors?' });
    const soon = await bookmark({ entity_type: 'discussion', entity_id: d, remind_at: inSeconds(1) });
    expect(soon.error).toBeNull();
    const later = await bookmark({ entity_type: 'post', entity_id: await fixtures.post(w.db, d, w.id('other')!), remind_at: inSeconds(3600), note: 'Later' });
    expect(later.error).toBeNull();

    // The job runs at the start of each minute.
    const deadline = Date.now() + 90_000;
    while ((await reminders(member().id)).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1000));
    expect(await reminders(member().id)).toEqual([{ content_preview: 'Best budget monitors?', related_entity_id: d, target_entity_id: null }]);

    // Another run (or two overlapping) finds nothing due.
    await w.db.query('select private.send_bookmark_reminders()');
    await w.db.query('select private.send_bookmark_reminders()');
    expect(await reminders(member().id)).toHaveLength(1);
    expect((await fixtures.row<{ reminded_at: string | null }>(w.db, 'bookmarks', soon.id)).reminded_at).not.toBeNull();
    expect((await fixtures.row<{ reminded_at: string | null }>(w.db, 'bookmarks', later.id)).reminded_at).toBeNull();
  });
});

describe('a reminder is pushed', () => {
  it("to the member's devices with the thread's address, even where reply pushes are turned off", { timeout: 30_000 }, async () => {
    const m = w.members.admin;
    const device = push.subscribe();
    const { error: subError } = await m.client.from('push_subscriptions').insert({
      user_id: m.id,
      endpoint: device.endpoint,
      p256dh: device.keys.p256dh,
      auth: device.keys.auth,
      preferences: { replies: false, quotes_mentions: false, followers: false, likes: false },
    });
    expect(subError).toBeNull();
    const d = await fixtures.discussion(w.db, w.id('other')!);
    const p = await fixtures.post(w.db, d, w.id('other')!);
    const { error } = await m.client
      .from('bookmarks')
      .insert({ id: bookmarkId(m.id, 'post', p), user_id: m.id, entity_type: 'post', entity_id: p, note: 'Try the sidechain trick', remind_at: inSeconds(1) });
    expect(error).toBeNull();
    await new Promise((r) => setTimeout(r, 1500));
    await w.db.query('select private.send_bookmark_reminders()');

    await push.waitFor(() => push.pushesFor(device).length >= 1);
    await w.db.query('select private.send_bookmark_reminders()');
    await new Promise((r) => setTimeout(r, 1000));
    expect(push.pushesFor(device).map((message) => message.payload)).toEqual([
      { title: PUSH_TEXTS.reminder, body: 'Try the sidechain trick', url: threadUrl(d, p), tag: `reminder:${p}` },
    ]);
  });
});

describe("a blog post's reminder", () => {
  it('names the blog post, and its push opens it at its slug', { timeout: 30_000 }, async () => {
    const m = w.members.other;
    const device = push.subscribe();
    const { error: subError } = await m.client.from('push_subscriptions').insert({
      user_id: m.id,
      endpoint: device.endpoint,
      p256dh: device.keys.p256dh,
      auth: device.keys.auth,
    });
    expect(subError).toBeNull();
    const slug = `warm-up-sets-${randomUUID().slice(0, 8)}`;
    const { rows } = await w.db.query<{ id: string }>(
      `insert into public.blog_posts (id, title, slug, content, author_id, status, published_at) values ($1, 'Warm-up sets', $2, 'x', $3, 'published', now()) returning id`,
      [randomUUID(), slug, w.id('admin')],
    );
    const blogId = rows[0]!.id;
    const { error } = await m.client
      .from('bookmarks')
      .insert({ id: bookmarkId(m.id, 'blog_post', blogId), user_id: m.id, entity_type: 'blog_post', entity_id: blogId, remind_at: inSeconds(1) });
    expect(error).toBeNull();
    await new Promise((r) => setTimeout(r, 1500));
    await w.db.query('select private.send_bookmark_reminders()');

    expect(await reminders(m.id)).toContainEqual({ content_preview: 'Warm-up sets', related_entity_id: null, target_entity_id: blogId });
    const reminderPush = () => push.pushesFor(device).find((message) => (message.payload as { tag?: string }).tag === `reminder:${blogId}`);
    await push.waitFor(() => reminderPush() !== undefined);
    expect(reminderPush()?.payload).toEqual({ title: PUSH_TEXTS.reminder, body: 'Warm-up sets', url: blogUrl(slug), tag: `reminder:${blogId}` });
  });
});

describe('drafts', () => {
  const draftRow = (userId: string, key: string) => ({
    id: uuidV5(`draft:${userId}:reply:${key}`),
    user_id: userId,
    kind: 'reply',
    key,
    content: 'half a reply',
  });

  it('only their member reads, changes or removes a draft; a removal is a soft delete other devices pull', async () => {
    const m = member();
    const row = draftRow(m.id, randomUUID());
    expect((await m.client.from('drafts').insert(row)).error).toBeNull();
    const other = w.members.other.client;
    expect((await other.from('drafts').select('id').eq('id', row.id)).data).toEqual([]);
    await other.from('drafts').update({ content: 'pwned' }).eq('id', row.id);
    await other.from('drafts').delete().eq('id', row.id);
    expect(await fixtures.row(w.db, 'drafts', row.id)).toMatchObject({ content: 'half a reply', _deleted: false });
    expect((await w.client('anon').from('drafts').select('id').eq('id', row.id)).data ?? []).toEqual([]);

    expect((await m.client.from('drafts').delete().eq('id', row.id)).error).toBeNull();
    expect(await fixtures.row(w.db, 'drafts', row.id)).toMatchObject({ _deleted: true });
  });

  it('refuses an unknown kind and text over the limit; a device clock ahead of the server is capped', async () => {
    const m = member();
    const bad = await m.client.from('drafts').insert({ ...draftRow(m.id, randomUUID()), kind: 'rejected' });
    expect(bad.error?.code).toBe('23514');
    const long = await m.client.from('drafts').insert({ ...draftRow(m.id, randomUUID()), content: 'x'.repeat(50_001) });
    expect(long.error?.code).toBe('23514');

    const row = { ...draftRow(m.id, randomUUID()), updated_at: new Date(Date.now() + 3_600_000).toISOString() };
    expect((await m.client.from('drafts').insert(row)).error).toBeNull();
    const stored = await fixtures.row<{ updated_at: Date }>(w.db, 'drafts', row.id);
    expect(stored.updated_at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });
});
