import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, newMember, serviceClient, withDb, type TestMember } from '../support/clients';

/**
 * The hub's "New" mark across a member's devices: one private row per member, written through
 * mark_hub_visit, which keeps the latest visit from any device (never earlier, never past the server's
 * clock) and answers the one stored before the call.
 */

let alice: TestMember;
let bob: TestMember;

const ms = (value: string | null) => (value === null ? null : Date.parse(value));

async function storedVisit(member: TestMember): Promise<number | null> {
  return withDb(async (db) => {
    const { rows } = await db.query<{ at: Date }>('select hub_visited_at as at from public.member_marks where user_id = $1', [member.id]);
    return rows[0]?.at.getTime() ?? null;
  });
}

async function visit(member: TestMember, at: string) {
  const { data, error, status } = await member.client.rpc('mark_hub_visit', { p_at: at });
  return { previous: (data as string | null) ?? null, error, status };
}

beforeAll(async () => {
  [alice, bob] = await Promise.all([newMember('marks_a'), newMember('marks_b')]);
});

describe('mark_hub_visit', () => {
  it('answers nothing the first time, then the furthest visit before the call, from any device', async () => {
    const first = new Date(Date.now() - 60_000).toISOString();
    expect(await visit(alice, first)).toMatchObject({ previous: null, error: null });
    expect(await storedVisit(alice)).toBe(Date.parse(first));

    const later = new Date(Date.now() - 30_000).toISOString();
    const second = await visit(alice, later);
    expect(ms(second.previous)).toBe(Date.parse(first));
    expect(await storedVisit(alice)).toBe(Date.parse(later));
  });

  it('never moves back: a device that visited earlier learns the later visit and changes nothing', async () => {
    const before = await storedVisit(alice);
    const stale = await visit(alice, new Date(Date.now() - 3_600_000).toISOString());
    expect(stale.error).toBeNull();
    expect(ms(stale.previous)).toBe(before);
    expect(await storedVisit(alice)).toBe(before);
  });

  it('keeps a visit from a clock running ahead at the server time, not in the future', async () => {
    const start = Date.now();
    expect((await visit(alice, '2099-01-01T00:00:00Z')).error).toBeNull();
    const stored = await storedVisit(alice);
    expect(stored).toBeGreaterThanOrEqual(start - 5_000);
    expect(stored).toBeLessThanOrEqual(Date.now() + 5_000);
  });

  it('refuses a missing or malformed time with a clear message and changes nothing', async () => {
    const before = await storedVisit(alice);
    const missing = await alice.client.rpc('mark_hub_visit', { p_at: null });
    expect(missing.status).toBe(400);
    expect(missing.error?.message).toBe('A hub visit needs the time it happened.');
    const malformed = await alice.client.rpc('mark_hub_visit', { p_at: 'yesterday-ish' });
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
    expect(await storedVisit(alice)).toBe(before);
  });

  it('is refused to visitors and the service role, which are no member', async () => {
    const now = new Date().toISOString();
    const anon = await anonClient().rpc('mark_hub_visit', { p_at: now });
    expect(anon.error?.message).toMatch(/permission denied for function mark_hub_visit/);
    const service = await serviceClient().rpc('mark_hub_visit', { p_at: now });
    expect(service.error?.message).toMatch(/permission denied for function mark_hub_visit/);
  });
});

describe('member_marks', () => {
  it("is each member's own: another member neither reads nor writes it", async () => {
    await visit(bob, new Date(Date.now() - 10_000).toISOString());
    const own = await alice.client.from('member_marks').select('user_id, hub_visited_at');
    expect(own.error).toBeNull();
    expect((own.data ?? []).map((r) => r.user_id)).toEqual([alice.id]);
    const bobs = await alice.client.from('member_marks').select('hub_visited_at').eq('user_id', bob.id);
    expect(bobs.data).toEqual([]);
    expect((await anonClient().from('member_marks').select('user_id')).error?.message).toMatch(/permission denied/);

    const bobBefore = await storedVisit(bob);
    const now = new Date().toISOString();
    const insert = await alice.client.from('member_marks').insert({ user_id: bob.id, hub_visited_at: now });
    expect(insert.error?.message).toMatch(/permission denied/);
    const update = await alice.client.from('member_marks').update({ hub_visited_at: now }).eq('user_id', bob.id);
    expect(update.error?.message).toMatch(/permission denied/);
    const own_update = await alice.client.from('member_marks').update({ hub_visited_at: '2000-01-01T00:00:00Z' }).eq('user_id', alice.id);
    expect(own_update.error?.message).toMatch(/permission denied/);
    expect(await storedVisit(bob)).toBe(bobBefore);
  });

  it('keeps the later visit and the server time whoever writes, the service role included', async () => {
    const before = await storedVisit(bob);
    const { error } = await serviceClient().from('member_marks').update({ hub_visited_at: '2000-01-01T00:00:00Z' }).eq('user_id', bob.id);
    expect(error).toBeNull();
    expect(await storedVisit(bob)).toBe(before);
    await withDb((db) => db.query(`update public.member_marks set hub_visited_at = '2099-01-01' where user_id = $1`, [bob.id]));
    expect(await storedVisit(bob)).toBeLessThanOrEqual(Date.now() + 5_000);
  });
});
