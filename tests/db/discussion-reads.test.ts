import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationLevel } from '../../supabase/functions/_shared/app-contract';
import { discussionReadId } from '@/features/discussions/model/ids';
import { anonClient, newMember, testStack, withDb, type TestMember } from '../support/clients';
import { startPushServiceStandIn, type PushServiceStandIn } from '../support/standins/push-service';

/**
 * Read points and notification levels: the member's own, furthest point wins and never passes the
 * thread's last post; following hears of every reply, normal only of what is addressed to the member,
 * muted of nothing, neither as a notification nor as a push.
 */

let push: PushServiceStandIn;
let author: TestMember;
let replier: TestMember;
let reader: TestMember;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startThread(member: TestMember, category = 'Production'): Promise<string> {
  const id = randomUUID();
  const { error } = await member.client.from('discussions').insert({ id, user_id: member.id, title: `Levels ${id.slice(0, 6)}`, category });
  if (error) throw error;
  const opening = await member.client.from('posts').insert({ discussion_id: id, user_id: member.id, content: '<p>Opening post</p>' });
  if (opening.error) throw opening.error;
  return id;
}

async function post(member: TestMember, discussionId: string, content: string, extra: Record<string, unknown> = {}): Promise<string> {
  const id = randomUUID();
  const { error } = await member.client.from('posts').insert({ id, discussion_id: discussionId, user_id: member.id, content, ...extra });
  if (error) throw error;
  return id;
}

async function setLevel(member: TestMember, discussionId: string, level: NotificationLevel) {
  const { error } = await member.client
    .from('discussion_reads')
    .upsert({ id: discussionReadId(member.id, discussionId), user_id: member.id, discussion_id: discussionId, level });
  expect(error).toBeNull();
}

async function noticesAbout(member: TestMember, postId: string): Promise<string[]> {
  return withDb(async (db) =>
    (
      await db.query<{ type: string }>('select type from public.notifications where user_id = $1 and target_entity_id = $2 and not _deleted order by type', [
        member.id,
        postId,
      ])
    ).rows.map((r) => r.type),
  );
}

async function readRow(member: TestMember, discussionId: string) {
  const { data, error } = await member.client.from('discussion_reads').select('last_read_at, level').eq('discussion_id', discussionId).maybeSingle();
  expect(error).toBeNull();
  return data as { last_read_at: string | null; level: NotificationLevel | null } | null;
}

beforeAll(async () => {
  push = await startPushServiceStandIn();
  await push.allowIn(testStack().dbUrl);
  [author, replier, reader] = await Promise.all([newMember('rda'), newMember('rdb'), newMember('rdc')]);
});

afterAll(async () => {
  await push?.stop();
});

describe('read state', () => {
  it("is the member's own: another member and a visitor see none of it and cannot write it", async () => {
    const thread = await startThread(author);
    await setLevel(reader, thread, 'muted');
    expect(await readRow(reader, thread)).toMatchObject({ level: 'muted' });
    expect(await readRow(replier, thread)).toBeNull();
    const visitor = await anonClient().from('discussion_reads').select('id').eq('discussion_id', thread);
    expect(visitor.data ?? []).toHaveLength(0);

    const forged = await replier.client
      .from('discussion_reads')
      .insert({ id: discussionReadId(reader.id, randomUUID()), user_id: reader.id, discussion_id: thread, level: 'following' });
    expect(forged.error?.message).toBeTruthy();
    const hijack = await replier.client.from('discussion_reads').update({ level: 'following' }).eq('id', discussionReadId(reader.id, thread)).select('id');
    expect(hijack.data ?? []).toHaveLength(0);
    expect(await readRow(reader, thread)).toMatchObject({ level: 'muted' });
  });

  it('keeps the furthest read point whichever device writes last, and clamps one beyond the last post', async () => {
    const thread = await startThread(author);
    const first = await post(replier, thread, '<p>one</p>');
    await sleep(20);
    await post(replier, thread, '<p>two</p>');
    const times = await withDb(async (db) =>
      (await db.query<{ created_at: Date }>('select created_at from public.posts where discussion_id = $1 order by created_at', [thread])).rows.map((r) =>
        r.created_at.toISOString(),
      ),
    );
    const last = times[times.length - 1]!;
    const firstAt = times[1]!;
    const id = discussionReadId(reader.id, thread);

    // The phone read everything; the laptop, offline since the first reply, reports less afterwards.
    expect((await reader.client.from('discussion_reads').insert({ id, user_id: reader.id, discussion_id: thread, last_read_at: last })).error).toBeNull();
    expect((await reader.client.from('discussion_reads').update({ last_read_at: firstAt }).eq('id', id)).error).toBeNull();
    expect(Date.parse((await readRow(reader, thread))!.last_read_at!)).toBe(Date.parse(last));

    // A point past the thread's end (a clock ahead, a forged value) stops at its last post, and nothing else changes.
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await reader.client.from('discussion_reads').update({ last_read_at: future, level: 'normal' }).eq('id', id)).error).toBeNull();
    expect(await readRow(reader, thread)).toMatchObject({ level: 'normal' });
    expect(Date.parse((await readRow(reader, thread))!.last_read_at!)).toBe(Date.parse(last));
    expect(first).toBeTruthy();

    // A level left out (a device that never chose one) keeps the one chosen elsewhere.
    expect((await reader.client.from('discussion_reads').update({ level: null }).eq('id', id)).error).toBeNull();
    expect(await readRow(reader, thread)).toMatchObject({ level: 'normal' });
  });

  it('counts the posts a read point covers, whatever a device sends, and recounts when a post before it is deleted or restored', async () => {
    const thread = await startThread(author);
    const one = await post(replier, thread, '<p>one</p>');
    await sleep(20);
    const two = await post(replier, thread, '<p>two</p>');
    await sleep(20);
    await post(replier, thread, '<p>three</p>');
    const twoAt = await withDb(async (db) =>
      (await db.query<{ created_at: Date }>('select created_at from public.posts where id = $1', [two])).rows[0]!.created_at.toISOString(),
    );
    const id = discussionReadId(reader.id, thread);
    const counts = async () => {
      const { data, error } = await reader.client.from('discussion_reads').select('read_count').eq('id', id).single();
      expect(error).toBeNull();
      const { data: d } = await reader.client.from('discussions').select('post_count').eq('id', thread).single();
      return {
        read: (data as { read_count: number }).read_count,
        unread: (d as { post_count: number }).post_count - (data as { read_count: number }).read_count,
      };
    };

    // Read up to the second reply: the opening post and two replies, one new. A forged count is recounted.
    const kept = await reader.client.from('discussion_reads').insert({ id, user_id: reader.id, discussion_id: thread, last_read_at: twoAt, read_count: 0 });
    expect(kept.error).toBeNull();
    expect(await counts()).toEqual({ read: 3, unread: 1 });
    expect((await reader.client.from('discussion_reads').update({ read_count: 4 }).eq('id', id)).error).toBeNull();
    expect(await counts()).toEqual({ read: 3, unread: 1 });

    // A read post deleted: one post fewer before the point, still one new; restored, as before.
    expect((await replier.client.from('posts').delete().eq('id', one)).error).toBeNull();
    expect(await counts()).toEqual({ read: 2, unread: 1 });
    await withDb((db) => db.query('update public.posts set _deleted = false where id = $1', [one]));
    expect(await counts()).toEqual({ read: 3, unread: 1 });
  });

  it('refuses a record whose id is not derived from its member and thread, with a message', async () => {
    const thread = await startThread(author);
    const { error } = await reader.client.from('discussion_reads').insert({ id: randomUUID(), user_id: reader.id, discussion_id: thread });
    expect(error?.message).toMatch(/derived from the member and the discussion/);
    expect(await readRow(reader, thread)).toBeNull();
  });
});

describe('notification levels', () => {
  it('posting follows the thread: every later reply notifies, with the poster read up to their own post', async () => {
    const thread = await startThread(author);
    const mine = await post(reader, thread, '<p>I was here</p>');
    const row = await readRow(reader, thread);
    expect(row?.level).toBe('following');
    const mineAt = await withDb(
      async (db) => (await db.query<{ created_at: Date }>('select created_at from public.posts where id = $1', [mine])).rows[0]!.created_at,
    );
    expect(Date.parse(row!.last_read_at!)).toBe(mineAt.getTime());

    const later = await post(replier, thread, '<p>a reply to the thread, not to the reader</p>');
    expect(await noticesAbout(reader, later)).toEqual(['new_reply']);
    expect(await noticesAbout(author, later)).toEqual(['new_reply']);
  });

  it('normal hears only of replies to the member, quotes and mentions; the author set to normal stops hearing of every reply', async () => {
    const thread = await startThread(author);
    const mine = await post(reader, thread, '<p>mine</p>');
    await setLevel(reader, thread, 'normal');
    await setLevel(author, thread, 'normal');

    const general = await post(replier, thread, '<p>to everyone</p>');
    expect(await noticesAbout(reader, general)).toEqual([]);
    expect(await noticesAbout(author, general)).toEqual([]);

    const answer = await post(replier, thread, '<p>to you</p>', { parent_post_id: mine });
    expect(await noticesAbout(reader, answer)).toEqual(['new_reply']);
    const quote = await post(replier, thread, '<p>quoting you</p>', { quoted_post_id: mine });
    expect(await noticesAbout(reader, quote)).toEqual(['new_reply']);
    const mention = await post(replier, thread, `<p>@${reader.username} look</p>`);
    expect(await noticesAbout(reader, mention)).toEqual(['discussion_mention']);
  });

  it('mute stops replies, quotes and mentions, as a notification and as a push', async () => {
    // A member of their own: pushes of the other tests' notifications must not reach this device.
    const author = await newMember('rdm');
    const device = push.subscribe();
    const { error } = await author.client.from('push_subscriptions').insert({
      user_id: author.id,
      endpoint: device.endpoint,
      p256dh: device.keys.p256dh,
      auth: device.keys.auth,
      user_agent: 'vitest',
    });
    expect(error).toBeNull();
    const thread = await startThread(author);
    const opening = await withDb(async (db) => (await db.query<{ id: string }>('select id from public.posts where discussion_id = $1', [thread])).rows[0]!.id);
    const before = await post(replier, thread, '<p>before mute</p>');
    expect(await noticesAbout(author, before)).toEqual(['new_reply']);
    await push.waitFor(() => push.pushesFor(device).length >= 1);

    await setLevel(author, thread, 'muted');
    const reply = await post(replier, thread, '<p>after mute</p>', { quoted_post_id: opening, parent_post_id: opening });
    const mention = await post(replier, thread, `<p>hey @${author.username}</p>`);
    expect(await noticesAbout(author, reply)).toEqual([]);
    expect(await noticesAbout(author, mention)).toEqual([]);

    // A notification that exists anyway (made before the mute, replayed by a webhook) is not pushed.
    const { rows } = await withDb((db) =>
      db.query<{ id: string }>(
        `insert into public.notifications (user_id, type, actor_id, content_preview, related_entity_id, target_entity_id)
         values ($1, 'new_reply', $2, 'replayed', $3, $4) returning id`,
        [author.id, replier.id, thread, reply],
      ),
    );
    const { apiUrl, anonKey, serviceRoleKey } = testStack();
    const res = await fetch(`${apiUrl}/functions/v1/send-push`, {
      method: 'POST',
      headers: { apikey: anonKey, Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ notification_id: rows[0]!.id }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ skipped: 'muted', sent: 0 });
    await sleep(700);
    expect(push.pushesFor(device)).toHaveLength(1);
  });

  it('a category level applies to threads the member chose nothing for: muted silences mentions, following hears every reply', async () => {
    const muted = `Muted ${randomUUID().slice(0, 6)}`;
    const followed = `Followed ${randomUUID().slice(0, 6)}`;
    for (const [category, level] of [
      [muted, 'muted'],
      [followed, 'following'],
    ] as const) {
      expect((await reader.client.from('category_notification_levels').insert({ user_id: reader.id, category, level })).error).toBeNull();
    }
    const quiet = await startThread(author, muted);
    const mention = await post(replier, quiet, `<p>@${reader.username} you around?</p>`);
    expect(await noticesAbout(reader, mention)).toEqual([]);

    const busy = await startThread(author, followed);
    const reply = await post(replier, busy, '<p>anyone</p>');
    expect(await noticesAbout(reader, reply)).toEqual(['new_reply']);

    // The thread's own level wins over the category's.
    await setLevel(reader, quiet, 'normal');
    const again = await post(replier, quiet, `<p>@${reader.username} now?</p>`);
    expect(await noticesAbout(reader, again)).toEqual(['discussion_mention']);
  });

  it('a level outside the three is refused with a message and changes nothing', async () => {
    const thread = await startThread(author);
    await setLevel(reader, thread, 'normal');
    const { error } = await reader.client.from('discussion_reads').update({ level: 'loud' }).eq('id', discussionReadId(reader.id, thread));
    expect(error?.message).toBeTruthy();
    expect(await readRow(reader, thread)).toMatchObject({ level: 'normal' });
  });
});
