import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, testStack } from '../support/clients';
import { createWorld, fixtures, type World } from './helpers/world';

/** universal_search (RPC) and the universal-search edge function. */

let w: World;
const word = `zq${randomUUID().replace(/-/g, '').slice(0, 8)}`;
let discussionId: string;
let draftSlug: string;

beforeAll(async () => {
  w = await createWorld('se');
  await w.db.query(`update public.profiles set bio = $1 where id = $2`, [`Deep house selector, ${word} resident`, w.id('member')]);
  discussionId = await fixtures.discussion(w.db, w.id('other')!, { title: `Tracklist ID for the ${word} closing set`, category: 'Music Discovery' });
  await w.db.query(
    `insert into public.blog_posts (title, slug, content, excerpt, author_id, status, tags) values
     ($1, $2, 'Long read about crate digging.', 'Crates', $3, 'published', '{vinyl,history}'),
     ($4, $5, 'Not yet.', 'Draft', $3, 'draft', '{}')`,
    [`The ${word} story`, `the-story-${word}`, w.id('admin'), `Draft ${word}`, (draftSlug = `draft-${word}`)],
  );
});
afterAll(async () => w?.close());

describe('universal_search RPC', () => {
  it('finds profiles, published posts and discussions with spec-shaped items and paths, never drafts', async () => {
    const { data, error } = await anonClient().rpc('universal_search', { search_term: word, content_type: 'all', page: 1, per_page: 10 });
    expect(error).toBeNull();
    const { results, totalCount } = data as { results: Array<Record<string, unknown>>; totalCount: number };
    expect(totalCount).toBe(3);
    expect(results.map((r) => r.type).sort()).toEqual(['blog_post', 'discussion', 'profile']);
    expect(results.find((r) => r.type === 'profile')).toMatchObject({
      id: w.id('member'),
      path: `/profile/${w.members.member.username}`,
      username: w.members.member.username,
      karma: 0,
      role: 'fan',
    });
    expect(results.find((r) => r.type === 'discussion')).toMatchObject({
      id: discussionId,
      path: `/discussions/thread/${discussionId}`,
      category: 'Music Discovery',
      post_count: 1,
      author_username: w.members.other.username,
    });
    expect(results.find((r) => r.type === 'blog_post')).toMatchObject({
      path: `/blog/the-story-${word}`,
      tags: ['vinyl', 'history'],
      author_username: w.members.admin.username,
    });
    expect(JSON.stringify(results)).not.toContain(draftSlug);
  });

  it('filters by type and pages with a total count', async () => {
    const page = async (n: number) =>
      (await anonClient().rpc('universal_search', { search_term: word, content_type: 'all', page: n, per_page: 2 })).data as {
        results: unknown[];
        totalCount: number;
      };
    expect(await page(1)).toMatchObject({ totalCount: 3 });
    expect((await page(1)).results).toHaveLength(2);
    expect((await page(2)).results).toHaveLength(1);
    const { data } = await anonClient().rpc('universal_search', { search_term: `"${word} closing"`, content_type: 'discussion', page: 1, per_page: 10 });
    expect(data).toMatchObject({ totalCount: 1, results: [{ id: discussionId }] });
  });
});

describe('universal_search over the stored search vectors', () => {
  type Page = { results: Array<{ id: string; type: string; path: string }>; totalCount: number };
  const search = async (term: string, contentType = 'all', page = 1, perPage = 10) => {
    const { data, error } = await anonClient().rpc('universal_search', { search_term: term, content_type: contentType, page, per_page: perPage });
    expect(error).toBeNull();
    return data as Page;
  };
  const fresh = () => `zq${randomUUID().replace(/-/g, '').slice(0, 8)}`;

  it("follows a member's own profile edit: the new words are found, the old ones no longer", async () => {
    const [before, after] = [fresh(), fresh()];
    const moderator = w.client('moderator');
    const edit = async (bio: string) => {
      const { error } = await moderator.from('profiles').update({ bio }).eq('id', w.id('moderator')!);
      expect(error).toBeNull();
    };
    await edit(`Warehouse techno, ${before} nights`);
    expect(await search(before, 'profile')).toMatchObject({ totalCount: 1, results: [{ id: w.id('moderator') }] });
    await edit(`Warehouse techno, ${after} nights`);
    expect(await search(before, 'profile')).toEqual({ totalCount: 0, results: [] });
    expect(await search(after, 'profile')).toMatchObject({
      totalCount: 1,
      results: [{ id: w.id('moderator'), path: `/profile/${w.members.moderator.username}` }],
    });
  });

  it('ranks a title match above a body-only match', async () => {
    const term = fresh();
    const { rows } = await w.db.query<{ id: string }>(
      `insert into public.blog_posts (title, slug, content, excerpt, author_id, status, published_at) values
       ('Notes from the booth', $2, $3, 'Booth notes', $4, 'published', now() + interval '1 minute'),
       ($1, $5, 'Why the warm-up set matters.', 'Warm-up', $4, 'published', now() - interval '1 day')
       returning id`,
      [`The ${term} sessions`, `booth-${term}`, `A long night; the ${term} crowd stayed until sunrise.`, w.id('admin'), `sessions-${term}`],
    );
    const [bodyOnly, inTitle] = rows.map((r) => r.id);
    const { results, totalCount } = await search(term, 'blog_post');
    expect(totalCount).toBe(2);
    // The body-only post is newer, so only the ranking can put the title match first.
    expect(results.map((r) => r.id)).toEqual([inTitle, bodyOnly]);
  });

  it('drops a discussion once deleted and a blog post once back to draft', async () => {
    const term = fresh();
    const discussion = await fixtures.discussion(w.db, w.id('member')!, { title: `Selling my ${term} pressing` });
    const { rows } = await w.db.query<{ id: string }>(
      `insert into public.blog_posts (title, slug, content, author_id, status, published_at)
       values ($1, $2, 'Liner notes.', $3, 'published', now()) returning id`,
      [`${term} reissue`, `reissue-${term}`, w.id('admin')],
    );
    expect((await search(term)).totalCount).toBe(2);

    const { error: deleteError } = await w.client('member').rpc('delete_discussion_and_posts', { p_discussion_id: discussion });
    expect(deleteError).toBeNull();
    const { error: draftError } = await w.client('admin').from('blog_posts').update({ status: 'draft' }).eq('id', rows[0]!.id);
    expect(draftError).toBeNull();
    expect(await search(term)).toEqual({ totalCount: 0, results: [] });
  });

  it('pages through equal ranks and dates without repeating or skipping a hit', async () => {
    const term = fresh();
    // One statement, so created_at (now()) and the rank are identical for all five.
    const { rows } = await w.db.query<{ id: string }>(
      `insert into public.discussions (user_id, title, category)
       select $1, $2, 'Industry Talk' from generate_series(1, 5) returning id`,
      [w.id('other'), `${term} residency rates`],
    );
    const seen: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const { results, totalCount } = await search(term, 'discussion', page, 1);
      expect(totalCount).toBe(5);
      seen.push(...results.map((r) => r.id));
    }
    expect(seen.sort()).toEqual(rows.map((r) => r.id).sort());
  });
});

describe('universal-search edge function', () => {
  const call = (body: unknown, init: RequestInit = {}) => {
    const { apiUrl, anonKey } = testStack();
    return fetch(`${apiUrl}/functions/v1/universal-search`, {
      method: 'POST',
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      ...init,
    });
  };

  it('answers { results, totalCount } and defaults contentType/page/perPage', async () => {
    const res = await call({ searchTerm: ` ${word} ` });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await res.json()) as { results: unknown[]; totalCount: number };
    expect(body.totalCount).toBe(3);
    expect(body.results).toHaveLength(3);
  });

  it('rejects bad input with 400 JSON', async () => {
    for (const bad of [{ searchTerm: '   ' }, { searchTerm: word, contentType: 'users' }, { searchTerm: word, perPage: 500 }, 'not json']) {
      const res = await call(bad);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBeTruthy();
    }
  });

  it('answers the CORS preflight', async () => {
    const { apiUrl } = testStack();
    const res = await fetch(`${apiUrl}/functions/v1/universal-search`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:4173', 'Access-Control-Request-Method': 'POST' },
    });
    expect(res.status).toBeLessThan(300);
  });
});
