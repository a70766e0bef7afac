import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, newMember, withDb, type TestMember } from '../support/clients';

/**
 * Who the app shows online is what the database vouches for: a fresh heartbeat that only the
 * member themself can stamp, at a time only the server sets. Hosted Realtime lets any socket
 * announce any id in a presence payload, so this is what keeps one member from appearing as another.
 */

let alice: TestMember;
let bob: TestMember;

beforeAll(async () => {
  [alice, bob] = await Promise.all([newMember('hb_alice'), newMember('hb_bob')]);
});

const online = async (ids: string[]) => {
  const { data, error } = await anonClient().rpc('online_members', { member_ids: ids });
  expect(error).toBeNull();
  return (data as { user_id: string; username: string; avatar_url: string | null }[]).map((r) => r.username).sort();
};

/** Bob left ten minutes ago (the trigger that stamps the server time is bypassed to arrange it). */
const ageHeartbeat = (id: string) =>
  withDb(async (db) => {
    await db.query('begin');
    await db.query('alter table public.presence_heartbeats disable trigger presence_heartbeats_server_time');
    await db.query(`update public.presence_heartbeats set last_seen_at = now() - interval '10 minutes' where user_id = $1`, [id]);
    await db.query('alter table public.presence_heartbeats enable trigger presence_heartbeats_server_time');
    await db.query('commit');
  });

describe('presence heartbeats', () => {
  it('a member who never stamped a heartbeat is not online, whatever another member does', async () => {
    expect(await online([bob.id])).toEqual([]);
    // Alice tries to stamp Bob's heartbeat every way the API offers.
    const insert = await alice.client.from('presence_heartbeats').insert({ user_id: bob.id });
    expect(insert.error?.code).toBe('42501');
    const upsert = await alice.client.from('presence_heartbeats').upsert({ user_id: bob.id, last_seen_at: new Date().toISOString() });
    expect(upsert.error?.code).toBe('42501');
    expect((await alice.client.rpc('presence_heartbeat')).error).toBeNull();
    expect(await online([alice.id, bob.id])).toEqual([alice.username]);
  });

  it("a member cannot refresh or move another member's heartbeat", async () => {
    expect((await bob.client.rpc('presence_heartbeat')).error).toBeNull();
    await ageHeartbeat(bob.id);
    expect(await online([bob.id])).toEqual([]);
    const { data } = await alice.client.from('presence_heartbeats').update({ last_seen_at: new Date().toISOString() }).eq('user_id', bob.id).select();
    expect(data).toEqual([]);
    expect(await online([bob.id])).toEqual([]);
  });

  it('the server sets the time: a heartbeat dated in the future is stamped now', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const { error } = await alice.client.from('presence_heartbeats').upsert({ user_id: alice.id, last_seen_at: future });
    expect(error).toBeNull();
    const { rows } = await withDb((db) =>
      db.query<{ drift: number }>(`select extract(epoch from (last_seen_at - now()))::float as drift from public.presence_heartbeats where user_id = $1`, [
        alice.id,
      ]),
    );
    expect(Math.abs(rows[0]!.drift)).toBeLessThan(60);
  });

  it('names come from profiles, and visitors cannot stamp a heartbeat', async () => {
    expect((await bob.client.rpc('presence_heartbeat')).error).toBeNull();
    const { data } = await anonClient().rpc('online_members', { member_ids: [bob.id] });
    expect(data).toEqual([{ user_id: bob.id, username: bob.username, avatar_url: null }]);
    const anon = await anonClient().rpc('presence_heartbeat');
    expect(anon.error?.message).toMatch(/permission denied for function/);
  });

  it('refuses a bad list of ids with a 400', async () => {
    const tooMany = Array.from({ length: 1001 }, () => bob.id);
    const res = await anonClient().rpc('online_members', { member_ids: tooMany });
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe('Ask about at most 1000 members at a time.');
  });
});
