import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../support/clients';
import { createWorld, fixtures, uuidV5, type World } from './helpers/world';
import { DISCUSSION_KARMA_AWARD, LIKE_KARMA, REPLICATED_TABLES } from './helpers/db-contract';

/**
 * Server-side effects: each is checked for the RPC the app calls and for the plain
 * row write that replication pushes, which must agree.
 */

let w: World;
const karma = async (id: string) => Number((await fixtures.row<{ karma: number }>(w.db, 'profiles', id)).karma);
const notificationsOf = async (userId: string, targetId: string) =>
  (
    await w.db.query<{ type: string; actor_username: string; related_entity_id: string }>(
      'select type, actor_username, related_entity_id from public.notifications where user_id = $1 and target_entity_id = $2 order by created_at',
      [userId, targetId],
    )
  ).rows;
const activitiesOf = async (userId: string, entityId: string) =>
  (
    await w.db.query<{ activity_type: string }>(
      'select activity_type from public.user_activities where user_id = $1 and related_entity_id = $2 order by created_at',
      [userId, entityId],
    )
  ).rows.map((r) => r.activity_type);

beforeAll(async () => {
  w = await createWorld('te');
});
afterAll(async () => w?.close());

describe('sign-up creates the profile', () => {
  it('lowercases the username, keeps the typed display name, trims the location and applies the defaults', async () => {
    const suffix = randomUUID().slice(0, 6);
    const { data, error } = await anonClient().auth.signUp({
      email: `Mixmaster_${suffix}@example.test`,
      password: 'correct-horse-9',
      options: { data: { username: `MixMaster_${suffix}`, display_name: `MixMaster ${suffix}`, location: '  Detroit, MI  ' } },
    });
    expect(error).toBeNull();
    const profile = await fixtures.row<Record<string, unknown>>(w.db, 'profiles', data.user!.id);
    expect(profile).toMatchObject({
      username: `mixmaster_${suffix}`,
      display_name: `MixMaster ${suffix}`,
      location: 'Detroit, MI',
      role: 'fan',
      subscription_tier: 'free',
      karma: 0,
      bio: '',
      signature: null,
      genres: [],
      social_links: {},
      is_featured: false,
      followers_count: 0,
      following_count: 0,
      _deleted: false,
      monetization: { tipJarEnabled: false, tipJarType: 'crypto', cryptoAddress: null, paypalEmail: null },
    });
  });

  it('rejects a sign-up whose username is taken in any case, and username_available says so first', async () => {
    const taken = w.members.member.username.toUpperCase();
    const { data: available } = await anonClient().rpc('username_available', { p_username: taken });
    expect(available).toBe(false);
    const { error } = await anonClient().auth.signUp({
      email: `dup_${randomUUID().slice(0, 6)}@example.test`,
      password: 'correct-horse-9',
      options: { data: { username: taken } },
    });
    expect(error).not.toBeNull();
    const { rows } = await w.db.query('select 1 from public.profiles where lower(username) = lower($1)', [taken]);
    expect(rows).toHaveLength(1);
  });
});

describe('discussions', () => {
  it('create_discussion_and_award_karma: +5 karma (whatever karma_to_award says), first post, count, activity, author fields', async () => {
    const m = w.members.member;
    const before = await karma(m.id);
    const { data, error } = await m.client.rpc('create_discussion_and_award_karma', {
      discussion_title: 'Harmonic mixing: Camelot or by ear?',
      discussion_category: 'DJ Techniques',
      post_content: '<p>How strict are you with keys?</p>',
      user_id_param: m.id,
      karma_to_award: 1000,
    });
    expect(error).toBeNull();
    const d = data as { id: string; post_count: number; author_username: string };
    expect(d.post_count).toBe(1);
    expect(d.author_username).toBe(m.username);
    expect(await karma(m.id)).toBe(before + DISCUSSION_KARMA_AWARD);
    expect(await activitiesOf(m.id, d.id)).toEqual(['new_discussion']);
  });

  it('a plain insert (as replication pushes it) gets the same karma and activity', async () => {
    const m = w.members.other;
    const before = await karma(m.id);
    const id = randomUUID();
    const { error } = await m.client.from('discussions').insert({ id, user_id: m.id, title: 'Offline-made thread', category: 'Introductions', post_count: 40 });
    expect(error).toBeNull();
    const row = await fixtures.row<{ post_count: number; author_username: string }>(w.db, 'discussions', id);
    expect(row.post_count).toBe(0);
    expect(row.author_username).toBe(m.username);
    expect(await karma(m.id)).toBe(before + DISCUSSION_KARMA_AWARD);
    expect(await activitiesOf(m.id, id)).toEqual(['new_discussion']);
  });

  it('author fields follow a profile change', async () => {
    const m = w.members.moderator;
    const d = await fixtures.discussion(w.db, m.id);
    const { error } = await m.client.from('profiles').update({ display_name: 'Mod Squad', avatar_url: 'https://example.test/a.png' }).eq('id', m.id);
    expect(error).toBeNull();
    expect(await fixtures.row(w.db, 'discussions', d)).toMatchObject({ author_display_name: 'Mod Squad', author_avatar_url: 'https://example.test/a.png' });
    expect((await w.db.query(`select 1 from public.user_activities where user_id = $1 and activity_type = 'updated_profile'`, [m.id])).rows.length).toBe(1);
  });

  it('deleting a discussion (PostgREST delete or RPC) soft-deletes it and its posts', async () => {
    const m = w.members.member;
    const d1 = await fixtures.discussion(w.db, m.id);
    await fixtures.post(w.db, d1, w.id('other')!);
    await m.client.from('discussions').delete().eq('id', d1);
    const d2 = await fixtures.discussion(w.db, m.id);
    expect((await m.client.rpc('delete_discussion_and_posts', { p_discussion_id: d2 })).error).toBeNull();
    for (const d of [d1, d2]) {
      expect((await fixtures.row<{ _deleted: boolean }>(w.db, 'discussions', d))._deleted).toBe(true);
      const { rows } = await w.db.query('select 1 from public.posts where discussion_id = $1 and not _deleted', [d]);
      expect(rows).toHaveLength(0);
    }
    const { data } = await anonClient().from('discussions_with_counts_and_profiles').select('id').in('id', [d1, d2]);
    expect(data).toEqual([]);
  });
});

describe('posts', () => {
  it('a reply counts, bumps last activity, records new_post and notifies the discussion author, quoted author and mentioned member once each', async () => {
    const author = w.members.member;
    const quoted = w.members.other;
    const mentioned = w.members.admin;
    const replier = w.members.moderator;
    const d = await fixtures.discussion(w.db, author.id);
    const q = await fixtures.post(w.db, d, quoted.id);
    const before = await fixtures.row<{ post_count: number; last_activity_at: Date }>(w.db, 'discussions', d);
    const { data, error } = await replier.client.rpc('create_post_with_quote', {
      p_discussion_id: d,
      p_user_id: replier.id,
      p_parent_post_id: q,
      p_quoted_post_id: q,
      p_content: `<p>Agree with this, and @${mentioned.username.toUpperCase()} and @${author.username} know it. mail me at x@${mentioned.username}.com</p>`,
    });
    expect(error).toBeNull();
    const post = data as { id: string };
    const after = await fixtures.row<{ post_count: number; last_activity_at: Date }>(w.db, 'discussions', d);
    expect(after.post_count).toBe(before.post_count + 1);
    expect(after.last_activity_at.getTime()).toBeGreaterThanOrEqual(before.last_activity_at.getTime());
    expect(await notificationsOf(author.id, post.id)).toEqual([{ type: 'new_reply', actor_username: replier.username, related_entity_id: d }]);
    expect(await notificationsOf(quoted.id, post.id)).toEqual([{ type: 'new_reply', actor_username: replier.username, related_entity_id: d }]);
    expect(await notificationsOf(mentioned.id, post.id)).toEqual([{ type: 'discussion_mention', actor_username: replier.username, related_entity_id: d }]);
    expect(await notificationsOf(replier.id, post.id)).toEqual([]);
    expect(await activitiesOf(replier.id, d)).toContain('new_post');
  });

  it('replying in your own thread notifies nobody; a plain insert of a reply has the same effects as the RPC', async () => {
    const author = w.members.other;
    const d = await fixtures.discussion(w.db, author.id);
    const { error } = await author.client.from('posts').insert({ id: randomUUID(), discussion_id: d, user_id: author.id, content: '<p>bump</p>' });
    expect(error).toBeNull();
    const { rows } = await w.db.query('select 1 from public.notifications where related_entity_id = $1', [d]);
    expect(rows).toHaveLength(0);

    const replier = w.members.member;
    const id = randomUUID();
    expect(
      (
        await replier.client
          .from('posts')
          .insert({ id, discussion_id: d, user_id: replier.id, content: '<p>Queued at the gig</p>', reactions_summary: { like: 99 }, is_solution: true })
      ).error,
    ).toBeNull();
    expect(await fixtures.row(w.db, 'posts', id)).toMatchObject({ reactions_summary: {}, is_solution: false });
    expect(await notificationsOf(author.id, id)).toEqual([{ type: 'new_reply', actor_username: replier.username, related_entity_id: d }]);
    expect((await fixtures.row<{ post_count: number }>(w.db, 'discussions', d)).post_count).toBe(3);
  });

  it('deleting a post through PostgREST is a soft delete that lowers the count', async () => {
    const d = await fixtures.discussion(w.db, w.id('member')!);
    const p = await fixtures.post(w.db, d, w.id('other')!);
    expect((await w.members.other.client.from('posts').delete().eq('id', p)).error).toBeNull();
    expect((await fixtures.row<{ _deleted: boolean }>(w.db, 'posts', p))._deleted).toBe(true);
    expect((await fixtures.row<{ post_count: number }>(w.db, 'discussions', d)).post_count).toBe(1);
  });

  it('marking a solution records provided_solution and clears the previous solution', async () => {
    const author = w.members.member;
    const d = await fixtures.discussion(w.db, author.id);
    const first = await fixtures.post(w.db, d, w.id('other')!);
    const second = await fixtures.post(w.db, d, w.id('admin')!);
    expect((await author.client.rpc('mark_post_as_solution', { p_post_id: first, p_discussion_id: d })).error).toBeNull();
    expect((await author.client.from('posts').update({ is_solution: true }).eq('id', second)).error).toBeNull();
    expect((await fixtures.row<{ is_solution: boolean }>(w.db, 'posts', first)).is_solution).toBe(false);
    expect((await fixtures.row<{ is_solution: boolean }>(w.db, 'posts', second)).is_solution).toBe(true);
    expect(await activitiesOf(w.id('other')!, d)).toContain('provided_solution');
    expect(await activitiesOf(w.id('admin')!, d)).toContain('provided_solution');
  });
});

describe('reactions', () => {
  it('toggle_reaction_and_karma: summary, +1 karma to the author, like_content; toggling back undoes count and karma', async () => {
    const liker = w.members.admin;
    const authorId = w.id('other')!;
    const d = await fixtures.discussion(w.db, w.id('member')!);
    const p = await fixtures.post(w.db, d, authorId);
    const before = await karma(authorId);
    const like = await liker.client.rpc('toggle_reaction_and_karma', { p_post_id: p, p_user_id: liker.id, p_reaction_type: 'like' });
    expect(like).toMatchObject({ error: null, data: { like: 1 } });
    expect(await karma(authorId)).toBe(before + LIKE_KARMA);
    expect(await notificationsOf(authorId, p)).toEqual([{ type: 'like_content', actor_username: liker.username, related_entity_id: d }]);
    const unlike = await liker.client.rpc('toggle_reaction_and_karma', { p_post_id: p, p_user_id: liker.id, p_reaction_type: 'like' });
    expect(unlike).toMatchObject({ error: null, data: { like: 0 } });
    expect(await karma(authorId)).toBe(before);
  });

  it('a replicated like row (deterministic id) has the same effects; liking your own post earns no karma', async () => {
    const liker = w.members.moderator;
    const authorId = w.id('member')!;
    const d = await fixtures.discussion(w.db, authorId);
    const p = await fixtures.post(w.db, d, authorId);
    const before = await karma(authorId);
    const id = uuidV5(`${p}:${liker.id}:like`);
    expect((await liker.client.from('reactions').insert({ id, post_id: p, user_id: liker.id, reaction_type: 'like' })).error).toBeNull();
    expect((await fixtures.row<{ reactions_summary: unknown }>(w.db, 'posts', p)).reactions_summary).toEqual({ like: 1 });
    expect(await karma(authorId)).toBe(before + LIKE_KARMA);
    expect((await liker.client.from('reactions').update({ _deleted: true }).eq('id', id)).error).toBeNull();
    expect((await fixtures.row<{ reactions_summary: unknown }>(w.db, 'posts', p)).reactions_summary).toEqual({ like: 0 });
    expect(await karma(authorId)).toBe(before);

    const self = w.members.member;
    await self.client.rpc('toggle_reaction_and_karma', { p_post_id: p, p_user_id: self.id, p_reaction_type: 'like' });
    expect(await karma(authorId)).toBe(before);
    expect((await fixtures.row<{ reactions_summary: unknown }>(w.db, 'posts', p)).reactions_summary).toEqual({ like: 1 });
  });
});

describe('follows', () => {
  it('toggle_follow and a replicated follow row both count, notify and record activity; unfollow uncounts', async () => {
    const fan = w.members.other;
    const star = w.members.admin;
    const before = await fixtures.row<{ followers_count: number }>(w.db, 'profiles', star.id);
    const res = await fan.client.rpc('toggle_follow', { p_follower_id: fan.id, p_following_id: star.id });
    expect(res).toMatchObject({ error: null, data: { status: 'followed' } });
    expect(await fixtures.row(w.db, 'profiles', star.id)).toMatchObject({ followers_count: before.followers_count + 1 });
    expect(
      (await w.db.query(`select type from public.notifications where user_id = $1 and type = 'new_follower' and actor_id = $2`, [star.id, fan.id])).rows,
    ).toHaveLength(1);
    expect(await activitiesOf(fan.id, star.id)).toEqual(['followed_user']);
    expect(await activitiesOf(star.id, fan.id)).toEqual(['was_followed_by']);
    const { data: followers } = await anonClient().rpc('get_user_followers', { p_user_id: star.id });
    expect((followers as Array<{ username: string }>).map((f) => f.username)).toContain(fan.username);
    const { data: row } = await anonClient().from('followers').select('id').eq('follower_id', fan.id).eq('following_id', star.id).single();
    expect(row?.id).toBe(uuidV5(`${fan.id}:${star.id}`));

    expect(await fan.client.rpc('toggle_follow', { p_follower_id: fan.id, p_following_id: star.id })).toMatchObject({ data: { status: 'unfollowed' } });
    expect(await fixtures.row(w.db, 'profiles', star.id)).toMatchObject({ followers_count: before.followers_count });

    const replicated = w.members.moderator;
    const id = uuidV5(`${replicated.id}:${star.id}`);
    expect((await replicated.client.from('followers').insert({ id, follower_id: replicated.id, following_id: star.id })).error).toBeNull();
    expect(await fixtures.row(w.db, 'profiles', star.id)).toMatchObject({ followers_count: before.followers_count + 1 });
    expect(await fixtures.row(w.db, 'profiles', replicated.id)).toMatchObject({ following_count: 1 });
    const { data: following } = await anonClient().rpc('get_user_following', { p_user_id: replicated.id });
    expect((following as Array<{ id: string }>).map((f) => f.id)).toEqual([star.id]);
  });
});

describe('content and sync columns', () => {
  it('public content records new_content_upload; private content does not', async () => {
    const m = w.members.member;
    const pub = randomUUID();
    const priv = randomUUID();
    await m.client.from('user_content').insert([
      { id: pub, user_id: m.id, title: 'Peak time mix', type: 'mix', content_url: 'https://example.test/m.mp3', is_public: true },
      { id: priv, user_id: m.id, title: 'Unreleased', type: 'track', content_url: 'https://example.test/u.mp3', is_public: false },
    ]);
    expect(await activitiesOf(m.id, pub)).toEqual(['new_content_upload']);
    expect(await activitiesOf(m.id, priv)).toEqual([]);
  });

  it('_modified moves forward on every write and each replicated table is in the realtime publication', async () => {
    const m = w.members.member;
    const before = await fixtures.row<{ _modified: Date }>(w.db, 'profiles', m.id);
    await m.client
      .from('profiles')
      .update({ bio: `Selector since ${randomUUID().slice(0, 4)}` })
      .eq('id', m.id);
    const after = await fixtures.row<{ _modified: Date }>(w.db, 'profiles', m.id);
    expect(after._modified.getTime()).toBeGreaterThan(before._modified.getTime());
    const { rows } = await w.db.query<{ tablename: string }>(
      `select tablename from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public'`,
    );
    expect(rows.map((r) => r.tablename).sort()).toEqual(expect.arrayContaining([...REPLICATED_TABLES]));
  });
});
