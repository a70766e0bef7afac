import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ONLINE_EVENT,
  ONLINE_FLUSH_INTERVAL_MS,
  ONLINE_SIGNAL_WINDOW_MS,
  ONLINE_TOPIC,
  PRESENCE_REFUSED_CODE,
  PRESENCE_TABS_PER_CALLER,
} from '@/features/presence/constants';
import { parseOnlineSummary, tabDigest, type OnlineSummary } from '@/features/presence/model/presence';
import { anonClient, flushJobLooking, holdSingleton, newMember, withDb, type TestMember } from '../support/clients';
import { Inbox, releaseChannelsOf, subscribed } from '../support/realtime';

/**
 * Who is online, at scale: each open tab stamps its own row (as the member its token names, or a
 * guest) and gets the online list back; the database sends that list on the private online topic
 * at most once per window and only when it changed, so one arrival costs each open page at most
 * that one message, shared with every other arrival and departure of the window. The stamps also
 * carry the community topic's held-back tables out once its window is open again.
 */

type Broadcast = { event: string; payload: Record<string, unknown> };

const clients: SupabaseClient[] = [];
let alice: TestMember;
let bob: TestMember;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function visitor(): SupabaseClient {
  const client = anonClient();
  clients.push(client);
  return client;
}

async function follow(topic: string): Promise<Inbox<Broadcast>> {
  const inbox = new Inbox<Broadcast>();
  const channel: RealtimeChannel = visitor()
    .channel(topic, { config: { private: true } })
    .on('broadcast', { event: '*' }, (m: Broadcast) => inbox.push(m));
  await subscribed(channel);
  return inbox;
}

async function beat(client: SupabaseClient, tab: string): Promise<OnlineSummary> {
  const { data, error } = await client.rpc('presence_beat', { tab_key: tab });
  expect(error).toBeNull();
  const summary = parseOnlineSummary(data);
  if (!summary) throw new Error(`not a summary: ${JSON.stringify(data)}`);
  return summary;
}

const names = (s: OnlineSummary | null | undefined) => (s?.members ?? []).map((m) => m.username);
const summaryOf = (m: Broadcast) => (m.event === ONLINE_EVENT ? parseOnlineSummary(m.payload) : null);

/** Arranged: the online topic's window is open now (as after a quiet spell), nobody is online and the pages last heard so. */
const quietSpell = () =>
  withDb(async (db) => {
    await db.query('delete from private.presence_tabs');
    await db.query(`update private.presence_signal set sent_at = '-infinity', summary = private.presence_summary(), held = false, held_since = null`);
  });

/** Arranged: the change the list holds has stood for the window (as if the arrival came that long ago). */
const settled = () =>
  withDb((db) =>
    db.query(`update private.presence_signal set held_since = held_since - make_interval(secs => $1) where held_since is not null`, [
      ONLINE_SIGNAL_WINDOW_MS / 1000,
    ]),
  );

/** A tab stamps and, the change having stood for the window (arranged), stamps again: the pages hear of it. */
async function arrive(client: SupabaseClient, tab: string): Promise<OnlineSummary> {
  await beat(client, tab);
  await settled();
  return beat(client, tab);
}

beforeAll(async () => {
  [alice, bob] = await Promise.all([newMember('rt_on_a'), newMember('rt_on_b')]);
  clients.push(alice.client, bob.client);
  // a name and avatar of alice's own, which the list must show whatever a tab might claim
  const { error } = await alice.client.from('profiles').update({ avatar_url: 'https://example.test/alice.png' }).eq('id', alice.id);
  expect(error).toBeNull();
});

releaseChannelsOf(clients);

// the online list is one for the whole database: no other file's tab may arrive while a test counts it
let releasePresence: (() => Promise<void>) | undefined;
beforeEach(async () => {
  releasePresence = await holdSingleton('presence');
});
afterEach(async () => {
  await releasePresence?.();
  releasePresence = undefined;
});

describe('online topic', () => {
  it("sends an arrival to every follower once it has stood for the window, naming the member from their profile; the tab's own answer has it at once", async () => {
    await quietSpell();
    const inbox = await follow(ONLINE_TOPIC);
    const aliceTab = randomUUID();
    const answer = await beat(alice.client, aliceTab);
    expect(answer.members).toEqual([expect.objectContaining({ user_id: alice.id, username: alice.username, avatar_url: 'https://example.test/alice.png' })]);
    expect(answer.count).toBe(1);
    // held while it settles, even with the window open
    await sleep(1_000);
    expect(inbox.items.filter((m) => m.event === ONLINE_EVENT)).toHaveLength(0);
    await settled();
    await beat(alice.client, aliceTab);
    const sent = await inbox.waitFor((m) => names(summaryOf(m)).includes(alice.username), "alice's arrival", 3_000);
    expect(summaryOf(sent)).toMatchObject({ count: 1, guests: 0 });
    // it names the longest-open tab (the only one) to stamp when the window reopens, by a digest of its key
    expect(summaryOf(sent)?.clock).toBe(await tabDigest(aliceTab));
  });

  it('holds arrivals and departures within the window back, and sends them in one message with the first stamp once they have stood for it', async () => {
    await quietSpell();
    const inbox = await follow(ONLINE_TOPIC);
    const aliceTab = randomUUID();
    await arrive(alice.client, aliceTab);
    await inbox.waitFor((m) => names(summaryOf(m)).includes(alice.username), "alice's arrival", 3_000);
    const windowOpened = Date.now();

    // within the window: bob and a guest arrive, alice leaves; the pages hear nothing yet
    const bobAnswer = await beat(bob.client, randomUUID());
    const firstHeld = Date.now();
    expect(names(bobAnswer).sort()).toEqual([alice.username, bob.username].sort());
    const guest = visitor();
    const guestTab = randomUUID();
    expect((await beat(guest, guestTab)).guests).toBe(1);
    const { error } = await alice.client.rpc('presence_leave', { tab_key: aliceTab });
    expect(error).toBeNull();
    await sleep(1_000);
    expect(inbox.items.filter((m) => m.event === ONLINE_EVENT)).toHaveLength(1);

    // the first stamp once the window has passed and the first held change has stood for it (the guest's timer) carries all of it
    await sleep(Math.max(0, Math.max(windowOpened, firstHeld) + ONLINE_SIGNAL_WINDOW_MS + 300 - Date.now()));
    await beat(guest, guestTab);
    const next = await inbox.waitFor((m) => names(summaryOf(m)).includes(bob.username), 'the held-back list', 3_000);
    expect(summaryOf(next)).toMatchObject({ count: 1, guests: 1 });
    expect(names(summaryOf(next))).toEqual([bob.username]);
    expect(inbox.items.filter((m) => m.event === ONLINE_EVENT)).toHaveLength(2);
  });

  it('a departure held back by the window reaches the pages when the tab the last summary named stamps as it reopens', async () => {
    await quietSpell();
    const inbox = await follow(ONLINE_TOPIC);
    // alice's page has been open longest: the summaries name her tab the clock
    const aliceTab = randomUUID();
    await arrive(alice.client, aliceTab);
    await inbox.waitFor((m) => names(summaryOf(m)).includes(alice.username), "alice's page", 3_000);
    await withDb((db) => db.query(`update private.presence_signal set sent_at = '-infinity'`));
    const bobTab = randomUUID();
    await arrive(bob.client, bobTab);
    const arrival = await inbox.waitFor((m) => names(summaryOf(m)).includes(bob.username), "bob's arrival", 3_000);
    expect(summaryOf(arrival)?.clock).toBe(await tabDigest(aliceTab));
    // bob leaves within the window: held back
    expect((await bob.client.rpc('presence_leave', { tab_key: bobTab })).error).toBeNull();
    await sleep(1_000);
    expect(inbox.items.filter((m) => m.event === ONLINE_EVENT)).toHaveLength(2);
    // alice's page stamps when the window reopens, as the summary asked: the departure goes out
    await sleep(ONLINE_SIGNAL_WINDOW_MS - 1_000 + 300);
    await beat(alice.client, aliceTab);
    const departure = await inbox.waitFor((m) => summaryOf(m)?.count === 1 && !names(summaryOf(m)).includes(bob.username), "bob's departure", 3_000);
    expect(names(summaryOf(departure))).toEqual([alice.username]);
  });

  it('a departure held back by the window goes out as the window reopens with no tab left to stamp for it', { timeout: 120_000 }, async () => {
    await flushJobLooking();
    await quietSpell();
    const inbox = await follow(ONLINE_TOPIC);
    // alice's page has been open longest, so the summaries name her tab; bob arrives and is announced
    const aliceTab = randomUUID();
    await arrive(alice.client, aliceTab);
    await inbox.waitFor((m) => names(summaryOf(m)).includes(alice.username), "alice's page", 3_000);
    await withDb((db) => db.query(`update private.presence_signal set sent_at = '-infinity'`));
    const bobTab = randomUUID();
    await arrive(bob.client, bobTab);
    await inbox.waitFor((m) => names(summaryOf(m)).includes(bob.username), "bob's arrival", 3_000);
    const announced = Date.now();
    // within the window both leave: alice's tab (the one named to stamp) and bob's; no tab is left
    expect((await bob.client.rpc('presence_leave', { tab_key: bobTab })).error).toBeNull();
    expect((await alice.client.rpc('presence_leave', { tab_key: aliceTab })).error).toBeNull();
    await sleep(1_000);
    expect(inbox.items.filter((m) => m.event === ONLINE_EVENT)).toHaveLength(2);
    // the database sends the empty list itself once the window reopens, nobody stamping
    const departure = await inbox.waitFor(
      (m) => summaryOf(m)?.count === 0,
      'the held departures',
      ONLINE_SIGNAL_WINDOW_MS + 2 * ONLINE_FLUSH_INTERVAL_MS + 1_500,
    );
    expect(summaryOf(departure)).toMatchObject({ count: 0, guests: 0, members: [] });
    expect(Date.now() - announced).toBeGreaterThanOrEqual(ONLINE_SIGNAL_WINDOW_MS - 500);
    // and nothing more: what it sent is what is held
    await sleep(ONLINE_FLUSH_INTERVAL_MS + 500);
    expect(inbox.items.filter((m) => m.event === ONLINE_EVENT)).toHaveLength(3);
  });

  it(
    'a visit shorter than the window costs the pages nothing; a member who stays shows within the window and a look of the flush job',
    { timeout: 120_000 },
    async () => {
      await flushJobLooking();
      await quietSpell();
      const inbox = await follow(ONLINE_TOPIC);
      // alice signs in on another device, stays 8 s and leaves: the list is back to what the pages have
      const aliceTab = randomUUID();
      expect(names(await beat(alice.client, aliceTab))).toEqual([alice.username]);
      await sleep(8_000);
      expect((await alice.client.rpc('presence_leave', { tab_key: aliceTab })).error).toBeNull();
      // bob arrives and stays (no second stamp of his: the database sends it by itself)
      const arrived = Date.now();
      await beat(bob.client, randomUUID());
      const sent = await inbox.waitFor(
        (m) => names(summaryOf(m)).includes(bob.username),
        "bob's arrival",
        ONLINE_SIGNAL_WINDOW_MS + 2 * ONLINE_FLUSH_INTERVAL_MS + 1_500,
      );
      expect(Date.now() - arrived).toBeGreaterThanOrEqual(ONLINE_SIGNAL_WINDOW_MS - 500);
      expect(summaryOf(sent)).toMatchObject({ count: 1, guests: 0 });
      // alice's visit was never announced: bob's summary is the only one
      expect(inbox.items.filter((m) => m.event === ONLINE_EVENT)).toHaveLength(1);
      expect(inbox.items.some((m) => names(summaryOf(m)).includes(alice.username))).toBe(false);
    },
  );

  it('says nothing when a stamp changes nothing', async () => {
    await quietSpell();
    const inbox = await follow(ONLINE_TOPIC);
    const tab = randomUUID();
    await arrive(bob.client, tab);
    await inbox.waitFor((m) => names(summaryOf(m)).includes(bob.username), "bob's arrival", 3_000);
    // the window passed (arranged), and bob's timer stamps again: the list is the same
    await withDb((db) => db.query(`update private.presence_signal set sent_at = '-infinity'`));
    await beat(bob.client, tab);
    await sleep(1_000);
    expect(inbox.items.filter((m) => m.event === ONLINE_EVENT)).toHaveLength(1);
  });
});

describe('nobody counts as someone else', () => {
  it("refuses a stamp or a goodbye on another's tab, a stamp without a tab, and any broadcast on the online topic", async () => {
    await quietSpell();
    const aliceTab = randomUUID();
    await beat(alice.client, aliceTab);
    const takeover = await bob.client.rpc('presence_beat', { tab_key: aliceTab });
    expect(takeover.error?.code).toBe('42501');
    const asGuest = await visitor().rpc('presence_beat', { tab_key: aliceTab });
    expect(asGuest.error?.code).toBe('42501');
    const noTab = await bob.client.rpc('presence_beat', { tab_key: null });
    expect(noTab.error?.code).toBe('22023');
    expect(noTab.error?.message).toBe('tab_key is required.');
    // bob saying goodbye for alice's tab changes nothing
    expect((await bob.client.rpc('presence_leave', { tab_key: aliceTab })).error).toBeNull();
    expect(names(await beat(alice.client, aliceTab))).toEqual([alice.username]);

    const inbox = await follow(ONLINE_TOPIC);
    const channel = bob.client.channel(ONLINE_TOPIC, { config: { private: true, broadcast: { ack: true } } });
    await subscribed(channel);
    const forged = { count: 99, guests: 0, members: [], at: new Date(Date.now() + 60_000).toISOString() };
    expect(await channel.send({ type: 'broadcast', event: ONLINE_EVENT, payload: forged })).not.toBe('ok');
    await sleep(500);
    expect(inbox.items.some((m) => (m.payload as { count?: number }).count === 99)).toBe(false);
  });
});

describe('one caller counts a bounded number of tabs', () => {
  it('a visitor stamping made-up tab keys counts as at most the limit of guests; past it a new tab is refused and changes nothing', async () => {
    await quietSpell();
    const guest = visitor();
    const tabs = Array.from({ length: PRESENCE_TABS_PER_CALLER }, () => randomUUID());
    for (const tab of tabs) await beat(guest, tab);
    // another visitor client from the same address shares the budget
    const extra = await visitor().rpc('presence_beat', { tab_key: randomUUID() });
    expect(extra.status).toBe(429);
    expect(extra.error?.code).toBe(PRESENCE_REFUSED_CODE);
    expect(extra.error?.message).toMatch(/^Too many visitor tabs from this address are counted online\./);
    const list = await visitor().rpc('online_summary');
    expect(list.error).toBeNull();
    expect(parseOnlineSummary(list.data)).toMatchObject({ guests: PRESENCE_TABS_PER_CALLER, count: 0 });
    // tabs already counted keep stamping; one that leaves makes room for a new one
    expect((await beat(guest, tabs[0]!)).guests).toBe(PRESENCE_TABS_PER_CALLER);
    expect((await guest.rpc('presence_leave', { tab_key: tabs[1]! })).error).toBeNull();
    expect((await beat(guest, randomUUID())).guests).toBe(PRESENCE_TABS_PER_CALLER);
    // a tab silent past 90 s counts again only within the limit
    await withDb((db) => db.query(`update private.presence_tabs set last_seen_at = now() - interval '2 minutes' where tab = $1`, [tabs[2]]));
    await beat(guest, randomUUID());
    const revived = await guest.rpc('presence_beat', { tab_key: tabs[2]! });
    expect(revived.error?.code).toBe(PRESENCE_REFUSED_CODE);
    // a member is not held to the visitors' budget, only to their own
    expect((await beat(bob.client, randomUUID())).guests).toBe(PRESENCE_TABS_PER_CALLER);
  });

  it("a member's tabs are bounded too, with a refusal of their own", async () => {
    await quietSpell();
    for (let i = 0; i < PRESENCE_TABS_PER_CALLER; i++) await beat(bob.client, randomUUID());
    const extra = await bob.client.rpc('presence_beat', { tab_key: randomUUID() });
    expect(extra.status).toBe(429);
    expect(extra.error?.message).toMatch(/^Too many of your tabs are counted online\./);
    const rows = await withDb((db) => db.query<{ n: number }>('select count(*)::int as n from private.presence_tabs where user_id = $1', [bob.id]));
    expect(rows.rows[0]?.n).toBe(PRESENCE_TABS_PER_CALLER);
    expect((await beat(alice.client, randomUUID())).count).toBe(2);
  });
});
