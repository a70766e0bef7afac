import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, fixtures, type World } from './helpers/world';
import { DB_MESSAGES, SQLSTATE } from './helpers/db-contract';

/** An author calling the API directly cannot undo what a moderator did. */

let w: World;
beforeAll(async () => {
  w = await createWorld('ms');
});
afterAll(async () => w?.close());

const deleted = async (table: string, id: string) => (await fixtures.row<{ _deleted: boolean }>(w.db, table, id))._deleted;
const locked = async (id: string) => (await fixtures.row<{ is_locked: boolean }>(w.db, 'discussions', id)).is_locked;

describe('moderation sticks', () => {
  it('a post a moderator deleted stays deleted when its author PATCHes _deleted back', async () => {
    const author = w.members.member;
    const d = await fixtures.discussion(w.db, w.members.other.id);
    const p = await fixtures.post(w.db, d, author.id);
    expect((await w.members.moderator.client.from('posts').delete().eq('id', p)).error).toBeNull();
    const revive = await author.client.from('posts').update({ _deleted: false }).eq('id', p);
    expect(revive.error?.code).toBe(SQLSTATE.permission);
    expect(revive.error?.message).toBe(DB_MESSAGES.removedByModerator);
    expect(await deleted('posts', p)).toBe(true);
    // An admin outranks the moderator and may restore it.
    expect((await w.members.admin.client.from('posts').update({ _deleted: false }).eq('id', p)).error).toBeNull();
    expect(await deleted('posts', p)).toBe(false);
  });

  it('a discussion a moderator deleted stays deleted; an author may restore their own deletion', async () => {
    const author = w.members.member;
    const d = await fixtures.discussion(w.db, author.id);
    expect((await w.members.moderator.client.rpc('delete_discussion_and_posts', { p_discussion_id: d })).error).toBeNull();
    const revive = await author.client.from('discussions').update({ _deleted: false }).eq('id', d);
    expect(revive.error?.message).toBe(DB_MESSAGES.removedByModerator);
    expect(await deleted('discussions', d)).toBe(true);

    const own = await fixtures.discussion(w.db, author.id);
    const p = await fixtures.post(w.db, own, author.id);
    expect((await author.client.from('posts').delete().eq('id', p)).error).toBeNull();
    expect((await author.client.from('posts').update({ _deleted: false }).eq('id', p)).error).toBeNull();
    expect(await deleted('posts', p)).toBe(false);
  });

  it('an author cannot unlock a thread a moderator locked, but may unlock their own lock', async () => {
    const author = w.members.member;
    const d = await fixtures.discussion(w.db, author.id);
    expect((await w.members.moderator.client.from('discussions').update({ is_locked: true }).eq('id', d)).error).toBeNull();
    const unlock = await author.client.from('discussions').update({ is_locked: false }).eq('id', d);
    expect(unlock.error?.code).toBe(SQLSTATE.permission);
    expect(unlock.error?.message).toBe(DB_MESSAGES.lockedByModerator);
    expect(await locked(d)).toBe(true);
    expect((await w.members.admin.client.from('discussions').update({ is_locked: false }).eq('id', d)).error).toBeNull();
    expect(await locked(d)).toBe(false);

    expect((await author.client.from('discussions').update({ is_locked: true }).eq('id', d)).error).toBeNull();
    expect((await author.client.from('discussions').update({ is_locked: false }).eq('id', d)).error).toBeNull();
    expect(await locked(d)).toBe(false);
  });

  it('a reply hidden before a lock cannot be revealed after it', async () => {
    const author = w.members.member;
    const replier = w.members.other;
    const d = await fixtures.discussion(w.db, author.id);
    const hidden = randomUUID();
    expect(
      (await replier.client.from('posts').insert({ id: hidden, discussion_id: d, user_id: replier.id, content: '<p>sleeper</p>', _deleted: true })).error,
    ).toBeNull();
    expect((await w.members.moderator.client.from('discussions').update({ is_locked: true }).eq('id', d)).error).toBeNull();
    const reveal = await replier.client.from('posts').update({ _deleted: false }).eq('id', hidden);
    expect(reveal.error).toMatchObject({ code: SQLSTATE.raised, message: DB_MESSAGES.locked });
    expect(await deleted('posts', hidden)).toBe(true);
    const { rows } = await w.db.query<{ post_count: number }>('select post_count from public.discussions where id = $1', [d]);
    expect(rows[0]!.post_count).toBe(1);
  });
});
