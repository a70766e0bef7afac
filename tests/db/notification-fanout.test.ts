import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { newMember, withDb, type TestMember } from '../support/clients';

/**
 * A reply into a thread many members follow: every follower hears of it exactly once, whatever else
 * names them in the post (a quote, a mention), and nobody else does besides those the post addresses.
 */

const FOLLOWERS = 150;
const CATEGORY = 'Production';

let author: TestMember;
let replier: TestMember;
let followers: string[];
let threadId: string;

/** Members made in the database (a sign-up each through the API would take the suite's whole budget). */
async function quietMembers(prefix: string, count: number): Promise<string[]> {
  return withDb(async (db) =>
    (
      await db.query<{ id: string }>(
        `insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
         select gen_random_uuid(), 'authenticated', 'authenticated', $1 || g || '@example.test',
                jsonb_build_object('username', $1 || g), now(), now()
           from generate_series(1, $2::int) g
         returning id`,
        [prefix, count],
      )
    ).rows.map((r) => r.id),
  );
}

async function noticesAbout(postId: string): Promise<Map<string, string[]>> {
  const rows = await withDb(
    async (db) =>
      (
        await db.query<{ user_id: string; type: string }>('select user_id, type from public.notifications where target_entity_id = $1 and not _deleted', [
          postId,
        ])
      ).rows,
  );
  const byMember = new Map<string, string[]>();
  for (const r of rows) byMember.set(r.user_id, [...(byMember.get(r.user_id) ?? []), r.type]);
  return byMember;
}

beforeAll(async () => {
  [author, replier] = await Promise.all([newMember('nfa'), newMember('nfb')]);
  const prefix = `nf${randomUUID().slice(0, 6)}_`;
  followers = await quietMembers(prefix, FOLLOWERS);
  threadId = randomUUID();
  const opened = await author.client.from('discussions').insert({ id: threadId, user_id: author.id, title: 'Fan-out', category: CATEGORY });
  expect(opened.error).toBeNull();
  const opening = await author.client.from('posts').insert({ discussion_id: threadId, user_id: author.id, content: '<p>Opening post</p>' });
  expect(opening.error).toBeNull();
  await withDb((db) =>
    db.query(`insert into public.discussion_reads (user_id, discussion_id, level) select unnest($1::uuid[]), $2, 'following'`, [followers, threadId]),
  );
}, 60_000);

describe('a reply into a thread with many followers', () => {
  it('notifies each follower exactly once, the poster never, and a mentioned or quoted follower once as a reply', async () => {
    const [quotedFollower, mentionedFollower] = followers;
    const names = await withDb(
      async (db) =>
        (await db.query<{ id: string; username: string }>('select id, username from public.profiles where id = any($1::uuid[])', [[mentionedFollower]])).rows,
    );
    const quoted = randomUUID();
    await withDb((db) =>
      db.query("insert into public.posts (id, discussion_id, user_id, content) values ($1, $2, $3, '<p>Quotable</p>')", [quoted, threadId, quotedFollower]),
    );
    // The quoted follower's own post made them follow (they already did); their post notified the rest.
    const replyId = randomUUID();
    const { error } = await replier.client.from('posts').insert({
      id: replyId,
      discussion_id: threadId,
      user_id: replier.id,
      quoted_post_id: quoted,
      content: `<p>Agreed, @${names[0].username} and @${replier.username}</p>`,
    });
    expect(error).toBeNull();

    const notices = await noticesAbout(replyId);
    for (const follower of followers) expect(notices.get(follower)).toEqual(['new_reply']);
    // The thread's author follows it by default.
    expect(notices.get(author.id)).toEqual(['new_reply']);
    expect(notices.has(replier.id)).toBe(false);
    expect(notices.size).toBe(FOLLOWERS + 1);
  });

  it('a muted member mentioned in the reply hears nothing; a category follower and a mentioned non-follower once each', async () => {
    const [muted, categoryFollower, mentioned] = await quietMembers(`nm${randomUUID().slice(0, 6)}_`, 3);
    await withDb(async (db) => {
      await db.query("insert into public.discussion_reads (user_id, discussion_id, level) values ($1, $2, 'muted')", [muted, threadId]);
      await db.query("insert into public.category_notification_levels (user_id, category, level) values ($1, $2, 'following')", [categoryFollower, CATEGORY]);
    });
    const names = await withDb(
      async (db) =>
        new Map(
          (
            await db.query<{ id: string; username: string }>('select id, username from public.profiles where id = any($1::uuid[])', [[muted, mentioned]])
          ).rows.map((r) => [r.id, r.username]),
        ),
    );
    const replyId = randomUUID();
    const { error } = await replier.client.from('posts').insert({
      id: replyId,
      discussion_id: threadId,
      user_id: replier.id,
      content: `<p>@${names.get(muted)} @${names.get(mentioned)} @${names.get(mentioned)} have a listen</p>`,
    });
    expect(error).toBeNull();

    const notices = await noticesAbout(replyId);
    expect(notices.has(muted)).toBe(false);
    expect(notices.get(categoryFollower)).toEqual(['new_reply']);
    expect(notices.get(mentioned)).toEqual(['discussion_mention']);
    for (const follower of followers) expect(notices.get(follower)).toEqual(['new_reply']);
    expect(notices.size).toBe(FOLLOWERS + 3);
  });
});
