import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../support/clients';
import { createWorld, fixtures, type World } from './helpers/world';

/**
 * Bad input a member can send straight to the API must come back as a 4xx
 * with a readable message: the app treats 5xx as "try again later", so a 500
 * for a request that can never succeed keeps a change waiting for ever.
 */

interface Answer {
  status: number;
  error: { code?: string; message: string } | null;
}

let w: World;
beforeAll(async () => {
  w = await createWorld('bi');
});
afterAll(async () => w?.close());

function expectClientError(answer: Answer, label: string) {
  expect(answer.error, label).not.toBeNull();
  expect(answer.status, `${label}: ${JSON.stringify(answer.error)}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, `${label}: ${JSON.stringify(answer.error)}`).toBeLessThan(500);
  expect(answer.error!.message.length, label).toBeGreaterThan(0);
  expect(answer.error!.message, label).not.toMatch(/violates foreign key|index row size|internal/i);
}

const missing = () => randomUUID();

describe('bad input is a 4xx with a message', () => {
  it('replies to a deleted or missing thread are refused as not found, not a server error', async () => {
    const m = w.members.member;
    const d = await fixtures.discussion(w.db, m.id);
    await w.db.query('update public.discussions set _deleted = true where id = $1', [d]);
    const reply = (discussion: string) =>
      m.client.rpc('create_post_with_quote', {
        p_discussion_id: discussion,
        p_user_id: m.id,
        p_content: '<p>queued while offline</p>',
        p_parent_post_id: null,
        p_quoted_post_id: null,
      });
    const deleted = await reply(d);
    expectClientError(deleted, 'reply to deleted thread');
    expect(deleted.status).toBe(404);
    expect(deleted.error!.message).toBe('This discussion does not exist or has been removed.');
    expectClientError(await reply(missing()), 'reply to missing thread');
    expectClientError(await reply('not-a-uuid'), 'reply with a malformed id');
    const inserted = await m.client.from('posts').insert({ id: randomUUID(), discussion_id: d, user_id: m.id, content: '<p>replicated</p>' });
    expectClientError(inserted, 'replicated reply to deleted thread');
    expect(inserted.status).toBe(404);
  });

  it('reactions, solutions, follows and deletes on missing targets', async () => {
    const m = w.members.member;
    const d = await fixtures.discussion(w.db, m.id);
    const p = await fixtures.post(w.db, d, w.members.other.id);
    await w.db.query('update public.posts set _deleted = true where id = $1', [p]);
    expectClientError(await m.client.rpc('toggle_reaction_and_karma', { p_post_id: p, p_user_id: m.id, p_reaction_type: 'like' }), 'like a deleted post');
    expectClientError(
      await m.client.rpc('toggle_reaction_and_karma', { p_post_id: missing(), p_user_id: m.id, p_reaction_type: 'like' }),
      'like a missing post',
    );
    expectClientError(await m.client.rpc('toggle_reaction_and_karma', { p_post_id: p, p_user_id: m.id, p_reaction_type: 'love' }), 'unknown reaction');
    expectClientError(await m.client.from('reactions').insert({ id: randomUUID(), post_id: missing(), user_id: m.id }), 'reaction row on a missing post');
    expectClientError(await m.client.rpc('mark_post_as_solution', { p_post_id: missing(), p_discussion_id: d }), 'solution on a missing post');
    expectClientError(await m.client.rpc('delete_discussion_and_posts', { p_discussion_id: missing() }), 'delete a missing discussion');
    expectClientError(await m.client.rpc('toggle_follow', { p_follower_id: m.id, p_following_id: missing() }), 'follow a missing member');
    expectClientError(
      await m.client.from('followers').insert({ id: randomUUID(), follower_id: m.id, following_id: missing() }),
      'follow row for a missing member',
    );
    expectClientError(
      await w.members.admin.client.rpc('admin_update_user_role', { target_user_id_param: missing(), new_role_param: 'dj' }),
      'role of a missing member',
    );
    expectClientError(await m.client.rpc('get_user_followers', { p_user_id: 'nope' }), 'followers of a malformed id');
    expectClientError(await anonClient().rpc('universal_search', { search_term: '', content_type: 'all' }), 'empty search');
  });

  it('oversized text is a check violation, not an index failure', async () => {
    const m = w.members.member;
    const huge = 'x'.repeat(3000) + randomUUID() + Array.from({ length: 3000 }, (_, i) => String.fromCharCode(33 + ((i * 7919) % 90))).join('');
    expectClientError(await m.client.from('discussions').insert({ user_id: m.id, title: huge, category: 'Off-Topic' }), 'huge title');
    // Distinct words, so the search vector of the profile would pass its 1 MB limit.
    const words = Array.from({ length: 150_000 }, (_, i) => `w${i.toString(36)}x${(i * 7919).toString(36)}`).join(' ');
    expectClientError(await m.client.from('profiles').update({ bio: words }).eq('id', m.id), 'huge bio');
    expectClientError(
      await m.client.from('contact_messages').insert({ name: 'n', email: 'a@b.co', subject: 's', message: huge.repeat(3) }),
      'huge contact message',
    );
  });
});
