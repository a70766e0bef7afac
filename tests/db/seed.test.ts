import { afterAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, withDb } from '../support/clients';
import { DB_MESSAGES } from './helpers/db-contract';
import { DEMO_ACCOUNTS, SEED_MEMBER_PASSWORD, SEED_STAFF_ACCOUNTS } from '../../src/lib/demo-accounts';
import { SEED_CONTENT_TYPES, SEED_MINIMUMS, isStoredUsername } from '../../supabase/seed/minimums';
import { SEED_EMAIL_DOMAIN } from '../../supabase/seed/content/members';
import { DEMO_AVATAR_NAME, DEMO_IMAGE_BUCKET, DEMO_IMAGE_MEMBERS } from '../../scripts/demo-images';
import { testStack } from '../support/clients';

/**
 * The demo community of supabase/seed.sql, as the shared test stack applied it
 * on its fresh database. Other db tests only add rows, so minimums still hold.
 * Reads go through PostgREST as a visitor or a signed-in member, so what is
 * counted is what the app would show.
 */

const signedIn: SupabaseClient[] = [];

async function signIn(email: string, password: string) {
  const client = anonClient();
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  signedIn.push(client);
  return { client, user: data.user! };
}

async function count(table: string): Promise<number> {
  const { count: n, error } = await anonClient().from(table).select('id', { count: 'exact', head: true });
  expect(error).toBeNull();
  return n ?? 0;
}

afterAll(async () => {
  await Promise.all(signedIn.map((c) => c.auth.signOut()));
});

describe('seeded community', () => {
  it('has the minimum number of members, follows, discussions, posts, likes and uploads visible to a visitor', async () => {
    const visitor = anonClient();
    const [members, follows, discussions, posts, likes, quotes, solutions] = await Promise.all([
      count('profiles'),
      count('followers'),
      count('discussions'),
      count('posts'),
      count('reactions'),
      visitor.from('posts').select('id', { count: 'exact', head: true }).not('quoted_post_id', 'is', null).like('content', '> **%wrote:**%'),
      visitor.from('posts').select('id', { count: 'exact', head: true }).eq('is_solution', true),
    ]);
    expect(members).toBeGreaterThanOrEqual(SEED_MINIMUMS.members);
    expect(follows).toBeGreaterThanOrEqual(SEED_MINIMUMS.follows);
    expect(discussions).toBeGreaterThanOrEqual(SEED_MINIMUMS.discussions);
    expect(posts).toBeGreaterThanOrEqual(SEED_MINIMUMS.posts);
    expect(likes).toBeGreaterThanOrEqual(SEED_MINIMUMS.likes);
    expect(quotes.count ?? 0).toBeGreaterThanOrEqual(SEED_MINIMUMS.quotes);
    expect(solutions.count ?? 0).toBeGreaterThanOrEqual(SEED_MINIMUMS.solutions);

    const { data: categories } = await visitor.rpc('get_distinct_discussion_categories');
    expect((categories as Array<{ category: string }>).length).toBeGreaterThanOrEqual(SEED_MINIMUMS.categories);

    for (const type of SEED_CONTENT_TYPES) {
      const { count: n } = await visitor.from('user_content').select('id', { count: 'exact', head: true }).eq('type', type);
      expect(n ?? 0, `public ${type} uploads`).toBeGreaterThanOrEqual(SEED_MINIMUMS.uploadsPerType);
    }
  });

  it('seeds all members as confirmed accounts with their e-mail and the member password', async () => {
    const seeded = await withDb(
      async (db) =>
        (
          await db.query<{ email: string; confirmed: boolean; has_profile: boolean }>(
            `select u.email, u.email_confirmed_at is not null as confirmed, p.id is not null as has_profile
         from auth.users u left join public.profiles p on p.id = u.id
        where u.email like $1`,
            [`%@${SEED_EMAIL_DOMAIN}`],
          )
        ).rows,
    );
    expect(seeded.length).toBeGreaterThanOrEqual(SEED_MINIMUMS.members);
    expect(seeded.every((u) => u.confirmed && u.has_profile)).toBe(true);

    const staffEmails = new Set<string>([...DEMO_ACCOUNTS, ...SEED_STAFF_ACCOUNTS].map((a) => a.email));
    const ordinary = seeded.find((u) => !staffEmails.has(u.email))!;
    const { user } = await signIn(ordinary.email, SEED_MEMBER_PASSWORD);
    expect(user.email).toBe(ordinary.email);
  });

  it.each(DEMO_ACCOUNTS.map((a) => [a.label, a] as const))('%s signs in with the demo password and holds its tier', async (_label, account) => {
    const { client, user } = await signIn(account.email, account.password);
    const { data: profile, error } = await client.from('profiles').select('username, subscription_tier').eq('id', user.id).single();
    expect(error).toBeNull();
    expect(profile).toEqual({ username: account.username, subscription_tier: account.tier });

    const wrong = await anonClient().auth.signInWithPassword({ email: account.email, password: `${account.password}-wrong` });
    expect(wrong.error).not.toBeNull();
  });

  it.each(SEED_STAFF_ACCOUNTS.map((a) => [a.role, a] as const))('the %s account signs in and has that role', async (role, account) => {
    const { client, user } = await signIn(account.email, account.password);
    const { data: profile } = await client.from('profiles').select('username, role').eq('id', user.id).single();
    expect(profile).toEqual({ username: account.username, role });
  });

  it('has pinned discussions and a locked one that refuses a new reply', async () => {
    const visitor = anonClient();
    const { data: pinned } = await visitor.from('discussions').select('id').eq('is_pinned', true);
    expect((pinned ?? []).length).toBeGreaterThanOrEqual(SEED_MINIMUMS.pinnedDiscussions);
    const { data: locked } = await visitor.from('discussions').select('id, title').eq('is_locked', true);
    expect((locked ?? []).length).toBeGreaterThanOrEqual(SEED_MINIMUMS.lockedDiscussions);

    const dj = DEMO_ACCOUNTS.find((a) => a.kind === 'dj')!;
    const { client, user } = await signIn(dj.email, dj.password);
    const { error } = await client.from('posts').insert({ discussion_id: locked![0].id, user_id: user.id, content: 'Can I still reply?' });
    expect(error?.message).toBe(DB_MESSAGES.locked);
  });

  it('has published blog posts with tags, one featured, and drafts hidden from visitors', async () => {
    const visitor = anonClient();
    const { data: published } = await visitor.from('blog_posts').select('slug, tags, is_featured, status').eq('status', 'published');
    expect((published ?? []).length).toBeGreaterThanOrEqual(SEED_MINIMUMS.publishedBlogPosts);
    expect(published!.some((p) => p.is_featured)).toBe(true);
    // Other test files write their own posts into the same database at the same time: judge the seed's own.
    const untagged = await withDb(
      async (db) =>
        (
          await db.query(
            `select b.slug from public.blog_posts b join auth.users u on u.id = b.author_id
       where b.status = 'published' and u.email like $1 and coalesce(cardinality(b.tags), 0) = 0`,
            [`%@${SEED_EMAIL_DOMAIN}`],
          )
        ).rows,
    );
    expect(untagged).toEqual([]);

    const { data: visibleDrafts } = await visitor.from('blog_posts').select('id').eq('status', 'draft');
    expect(visibleDrafts).toEqual([]);
    const drafts = await withDb(async (db) => (await db.query(`select id from public.blog_posts where status = 'draft'`)).rowCount);
    expect(drafts ?? 0).toBeGreaterThanOrEqual(SEED_MINIMUMS.draftBlogPosts);
  });

  it('gives the demo DJ notifications of several kinds, some unread, dated in the past', async () => {
    const dj = DEMO_ACCOUNTS.find((a) => a.kind === 'dj')!;
    const { client, user } = await signIn(dj.email, dj.password);
    const { data, error } = await client.from('notifications').select('type, is_read, created_at, user_id');
    expect(error).toBeNull();
    const mine = data ?? [];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((n) => n.user_id === user.id)).toBe(true);
    expect(new Set(mine.map((n) => n.type)).size).toBeGreaterThanOrEqual(3);
    expect(mine.some((n) => !n.is_read)).toBe(true);
    const oldest = Math.min(...mine.map((n) => Date.parse(n.created_at)));
    expect(Date.now() - oldest).toBeGreaterThan(30 * 24 * 3600 * 1000);
  });

  it('fills profile activity feeds with history, not one burst at seed time', async () => {
    const visitor = anonClient();
    for (const type of ['new_discussion', 'new_post', 'followed_user', 'was_followed_by', 'new_content_upload', 'provided_solution']) {
      const { count: n } = await visitor.from('user_activities').select('id', { count: 'exact', head: true }).eq('activity_type', type);
      expect(n ?? 0, type).toBeGreaterThan(0);
    }
    // Only what the seed wrote: other files write thousands of posts into the same stack today (one of them 1,000
    // in one thread), and an unordered read of 1,000 rows then returned today's alone (1 day).
    const { data } = await visitor
      .from('user_activities')
      .select('created_at')
      .eq('activity_type', 'new_post')
      .lt('created_at', new Date(Date.now() - 24 * 3600 * 1000).toISOString())
      .limit(1000);
    const days = new Set((data ?? []).map((a) => a.created_at.slice(0, 10)));
    expect(days.size).toBeGreaterThan(60);
  });

  it("gives the members seen first pictures in the stack's own storage, stored by the project's start-up step", async () => {
    const { data } = await anonClient().from('profiles').select('id, avatar_url').like('avatar_url', `%/${DEMO_AVATAR_NAME}`).limit(100);
    expect(data?.length).toBeGreaterThan(0);
    expect(data!.length).toBeLessThanOrEqual(DEMO_IMAGE_MEMBERS);
    const first = data![0]!;
    expect(first.avatar_url).toBe(`${testStack().apiUrl}/storage/v1/object/public/${DEMO_IMAGE_BUCKET}/${first.id}/${DEMO_AVATAR_NAME}`);
    const picture = await fetch(first.avatar_url);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
  });

  it('stores every username in the valid lowercase form', async () => {
    const { data } = await anonClient().from('profiles').select('username').limit(10_000);
    const invalid = (data ?? []).map((p) => p.username).filter((u) => !isStoredUsername(u));
    expect(invalid).toEqual([]);
  });
});
