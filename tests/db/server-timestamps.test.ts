import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, fixtures, type World } from './helpers/world';

/** A member calling the API directly cannot choose when their rows were created. */

let w: World;
beforeAll(async () => {
  w = await createWorld('ts');
});
afterAll(async () => w?.close());

const BACKDATED = '2000-01-01T00:00:00Z';
const recent = (value: unknown) => Math.abs(Date.parse(String(value)) - Date.now()) < 60_000;

describe('server-set created_at', () => {
  it('a reply backdated to 2000 gets the server time and sorts after the opening post', async () => {
    const m = w.members.other;
    const d = await fixtures.discussion(w.db, w.members.member.id);
    const id = randomUUID();
    const { error } = await m.client
      .from('posts')
      .insert({ id, discussion_id: d, user_id: m.id, content: '<p>first!</p>', created_at: BACKDATED, updated_at: BACKDATED });
    expect(error).toBeNull();
    const { data } = await m.client.from('posts_with_profile_and_votes').select('id').eq('discussion_id', d).order('created_at');
    expect(data!.map((p) => p.id).at(-1)).toBe(id);
    const row = await fixtures.row<{ created_at: Date; updated_at: Date }>(w.db, 'posts', id);
    expect(recent(row.created_at)).toBe(true);
    expect(recent(row.updated_at)).toBe(true);
  });

  it('every table a member writes takes the server time on insert and keeps it on update', async () => {
    const m = w.members.member;
    const d = randomUUID();
    const inserts: [string, Record<string, unknown>][] = [
      ['discussions', { id: d, user_id: m.id, title: 'Backdated thread', category: 'Off-Topic' }],
      ['followers', { id: randomUUID(), follower_id: m.id, following_id: w.members.other.id }],
      ['user_content', { id: randomUUID(), user_id: m.id, title: 'Old mix', type: 'mix', content_url: 'https://example.test/m.mp3' }],
      ['contact_messages', { id: randomUUID(), name: 'Ana', email: 'ana@example.test', subject: 'Hi', message: 'Hello' }],
    ];
    for (const [table, row] of inserts) {
      const { error } = await m.client.from(table).insert({ ...row, created_at: BACKDATED });
      expect(error, table).toBeNull();
      const stored = await fixtures.row<{ created_at: Date }>(w.db, table, row.id as string);
      expect(recent(stored.created_at), table).toBe(true);
    }
    const p = await fixtures.post(w.db, d, m.id);
    const { error: likeError } = await w.members.other.client
      .from('reactions')
      .insert({ id: randomUUID(), post_id: p, user_id: w.members.other.id, created_at: BACKDATED });
    expect(likeError).toBeNull();
    const { rows } = await w.db.query('select created_at from public.reactions where post_id = $1', [p]);
    expect(recent(rows[0].created_at)).toBe(true);

    // A replicated edit carrying an old created_at keeps the stored one.
    const before = await fixtures.row<{ created_at: Date }>(w.db, 'discussions', d);
    await m.client.from('discussions').update({ title: 'Renamed', created_at: BACKDATED }).eq('id', d);
    await m.client.from('profiles').update({ bio: 'hello', created_at: BACKDATED }).eq('id', m.id);
    const after = await fixtures.row<{ created_at: Date; title: string }>(w.db, 'discussions', d);
    expect(after.created_at.toISOString()).toBe(before.created_at.toISOString());
    const profile = await fixtures.row<{ created_at: Date }>(w.db, 'profiles', m.id);
    expect(profile.created_at.toISOString()).not.toBe(new Date(BACKDATED).toISOString());
  });

  it('a title or category edit sets updated_at to the server time; pin, lock and a new reply do not', async () => {
    const m = w.members.member;
    const d = await fixtures.discussion(w.db, m.id);
    const made = await fixtures.row<{ created_at: Date; updated_at: Date }>(w.db, 'discussions', d);
    expect(made.updated_at.toISOString()).toBe(made.created_at.toISOString());

    // Not edits of the text: the thread must not say '(edited ...)' for these.
    expect((await m.client.from('discussions').update({ is_locked: true }).eq('id', d)).error).toBeNull();
    expect((await m.client.from('discussions').update({ is_locked: false }).eq('id', d)).error).toBeNull();
    await fixtures.post(w.db, d, w.members.other.id);
    const untouched = await fixtures.row<{ updated_at: Date }>(w.db, 'discussions', d);
    expect(untouched.updated_at.toISOString()).toBe(made.created_at.toISOString());

    // The app sends the new title alone (as replication does); the server stamps the edit.
    expect((await m.client.from('discussions').update({ title: 'A better title' }).eq('id', d)).error).toBeNull();
    const retitled = await fixtures.row<{ updated_at: Date }>(w.db, 'discussions', d);
    expect(retitled.updated_at.getTime()).toBeGreaterThan(made.created_at.getTime());
    expect(recent(retitled.updated_at)).toBe(true);

    // A device clock cannot backdate an edit either.
    expect((await m.client.from('discussions').update({ category: 'Off-Topic', updated_at: BACKDATED }).eq('id', d)).error).toBeNull();
    const recategorised = await fixtures.row<{ updated_at: Date }>(w.db, 'discussions', d);
    expect(recent(recategorised.updated_at)).toBe(true);
  });
});
