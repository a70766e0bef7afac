import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REASONS } from '../../supabase/local/gateway/realtime/constants';
import { PRESENCE_CHANNELS } from '../../src/features/presence/constants';
import { anonClient, newMember, testStack, withDb, type TestMember } from '../support/clients';
import { Inbox, subscribed, releaseChannelsOf } from '../support/realtime';

/**
 * Who may do what on realtime channels: private channels are authorized by the
 * `realtime.messages` policies (the app's presence channels by its migration, test topics by
 * this file's own policies), and the REST broadcast endpoint speaks for its caller only.
 */

type Broadcast = { event: string; payload: Record<string, unknown> };

/** Topics this file's policies open: members read and write broadcasts, nobody else. */
const MEMBERS_ONLY = `trust-members-${randomUUID().slice(0, 8)}`;
const clients: SupabaseClient[] = [];
let alice: TestMember;
let bob: TestMember;

function track<T extends SupabaseClient>(client: T): T {
  clients.push(client);
  return client;
}

const settle = () => new Promise((r) => setTimeout(r, 300));

function listen(client: SupabaseClient, topic: string, isPrivate: boolean, inbox: Inbox<Broadcast>, presenceKey?: string): RealtimeChannel {
  return client
    .channel(topic, { config: { private: isPrivate, broadcast: { ack: true }, ...(presenceKey ? { presence: { key: presenceKey } } : {}) } })
    .on('broadcast', { event: '*' }, (m: Broadcast) => inbox.push(m));
}

beforeAll(async () => {
  [alice, bob] = await Promise.all([newMember('rt_trust_a'), newMember('rt_trust_b')]);
  track(alice.client);
  track(bob.client);
  await withDb((db) =>
    db.query(`
      create policy "test: members read ${MEMBERS_ONLY}" on realtime.messages for select to authenticated using (realtime.topic() = '${MEMBERS_ONLY}');
      create policy "test: members write ${MEMBERS_ONLY}" on realtime.messages for insert to authenticated with check (realtime.topic() = '${MEMBERS_ONLY}' and extension = 'broadcast');
    `),
  );
});

releaseChannelsOf(clients);

afterAll(async () => {
  await withDb((db) =>
    db.query(
      `drop policy if exists "test: members read ${MEMBERS_ONLY}" on realtime.messages; drop policy if exists "test: members write ${MEMBERS_ONLY}" on realtime.messages;`,
    ),
  );
});

describe('private channels', () => {
  it('refuses a private join no policy allows', async () => {
    const topic = `trust-closed-${randomUUID().slice(0, 8)}`;
    const channel = alice.client.channel(topic, { config: { private: true } });
    await expect(subscribed(channel)).rejects.toThrow(REASONS.unauthorizedRead(topic));
    await alice.client.removeChannel(channel);
  });

  it('lets members the policies allow talk, and keeps anonymous sockets and public namesakes out', async () => {
    const aliceInbox = new Inbox<Broadcast>();
    const anonInbox = new Inbox<Broadcast>();
    const aliceChannel = await subscribed(listen(alice.client, MEMBERS_ONLY, true, aliceInbox));
    const bobChannel = await subscribed(listen(bob.client, MEMBERS_ONLY, true, new Inbox<Broadcast>()));
    const anon = track(anonClient());
    await expect(subscribed(listen(anon, MEMBERS_ONLY, true, anonInbox))).rejects.toThrow(REASONS.unauthorizedRead(MEMBERS_ONLY));
    // a public channel of the same name is another room
    const publicNamesake = await subscribed(listen(track(anonClient()), MEMBERS_ONLY, false, anonInbox));
    expect(await publicNamesake.send({ type: 'broadcast', event: 'spoof', payload: { from: 'anon' } })).toBe('ok');
    expect(await bobChannel.send({ type: 'broadcast', event: 'hello', payload: { from: 'bob' } })).toBe('ok');
    await aliceInbox.waitFor((m) => m.event === 'hello', "bob's broadcast");
    await settle();
    expect(aliceInbox.items.map((m) => m.payload.from)).toEqual(['bob']);
    expect(anonInbox.items).toEqual([]);
    expect(aliceChannel.state).toBe('joined');
  });
});

describe("the app's presence channels", () => {
  it('a member sees visitors and members arrive, and an anonymous socket cannot broadcast to them', async () => {
    const memberInbox = new Inbox<Broadcast>();
    const member = listen(alice.client, PRESENCE_CHANNELS.panel, true, memberInbox, alice.id);
    const joins: string[] = [];
    member.on('presence', { event: 'join' }, ({ key }: { key: string }) => joins.push(key));
    await subscribed(member);

    const anon = track(anonClient());
    const visitor = await subscribed(listen(anon, PRESENCE_CHANNELS.panel, true, new Inbox<Broadcast>(), 'guest-1'));
    expect(await visitor.track({ guest: true })).toBe('ok');
    const sent = await visitor.send({ type: 'broadcast', event: 'presence-spoof', payload: { takeover: true } });
    const publicNamesake = await subscribed(listen(track(anonClient()), PRESENCE_CHANNELS.panel, false, new Inbox<Broadcast>()));
    await publicNamesake.send({ type: 'broadcast', event: 'presence-spoof', payload: { takeover: true } });
    await settle();
    expect(sent).not.toBe('ok');
    expect(joins).toContain('guest-1');
    expect(memberInbox.items).toEqual([]);
  });
});

describe('presence identity (this stack only: hosted Supabase relays any payload)', () => {
  it("refuses a member's track that names another member, by key or by user_id, and relays their own", async () => {
    const joins: { key: string; ids: unknown[] }[] = [];
    const watcher = listen(bob.client, PRESENCE_CHANNELS.sidebar, true, new Inbox<Broadcast>(), bob.id);
    watcher.on('presence', { event: 'join' }, ({ key, newPresences }: { key: string; newPresences: { user_id?: unknown }[] }) =>
      joins.push({ key, ids: newPresences.map((p) => p.user_id) }),
    );
    await subscribed(watcher);

    const asBob = await subscribed(listen(alice.client, PRESENCE_CHANNELS.sidebar, true, new Inbox<Broadcast>(), bob.id));
    expect(await asBob.track({ user_id: bob.id, username: bob.username })).toBe('error');
    await alice.client.removeChannel(asBob);
    const ownKey = await subscribed(listen(alice.client, PRESENCE_CHANNELS.sidebar, true, new Inbox<Broadcast>(), alice.id));
    expect(await ownKey.track({ user_id: bob.id })).toBe('error');
    const anon = track(anonClient());
    const anonAsBob = await subscribed(listen(anon, PRESENCE_CHANNELS.sidebar, true, new Inbox<Broadcast>(), `guest-${randomUUID()}`));
    expect(await anonAsBob.track({ user_id: bob.id })).toBe('error');

    expect(await ownKey.track({ user_id: alice.id })).toBe('ok');
    await settle();
    expect(joins).toEqual([{ key: alice.id, ids: [alice.id] }]);
  });
});

describe('REST broadcast', () => {
  const { apiUrl, anonKey } = { apiUrl: () => testStack().apiUrl, anonKey: () => testStack().anonKey };

  it('httpSend() and send() before joining reach the channel', async () => {
    const topic = `trust-http-${randomUUID().slice(0, 8)}`;
    const inbox = new Inbox<Broadcast>();
    await subscribed(listen(bob.client, topic, false, inbox));
    const sender = track(anonClient());
    const channel = sender.channel(topic);
    await expect(channel.httpSend('over-http', { n: 1 })).resolves.toEqual({ success: true });
    expect(await channel.send({ type: 'broadcast', event: 'before-join', payload: { n: 2 } })).toBe('ok');
    await inbox.waitFor((m) => m.event === 'before-join', 'the REST broadcasts');
    expect(inbox.items.map((m) => [m.event, m.payload])).toEqual([
      ['over-http', { n: 1 }],
      ['before-join', { n: 2 }],
    ]);
  });

  it('a private topic takes REST broadcasts only from callers its policies allow', async () => {
    const inbox = new Inbox<Broadcast>();
    await subscribed(listen(bob.client, MEMBERS_ONLY, true, inbox));
    await expect(
      track(anonClient())
        .channel(MEMBERS_ONLY, { config: { private: true } })
        .httpSend('spoof', { from: 'anon' }),
    ).rejects.toThrow(REASONS.unauthorizedWrite(MEMBERS_ONLY));
    await expect(alice.client.channel(MEMBERS_ONLY, { config: { private: true } }).httpSend('note', { from: 'alice' })).resolves.toEqual({ success: true });
    await inbox.waitFor((m) => m.event === 'note', "alice's REST broadcast");
    await settle();
    expect(inbox.items.map((m) => m.payload.from)).toEqual(['alice']);
  });

  it('answers a missing key, a bad token and a bad body with a JSON error', async () => {
    const url = `${apiUrl()}/realtime/v1/api/broadcast`;
    const body = JSON.stringify({ messages: [{ topic: 'x', event: 'e', payload: {} }] });
    const post = async (headers: Record<string, string>, payload: string) => {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload });
      return { status: res.status, body: (await res.json()) as { message: string } };
    };
    expect(await post({}, body)).toEqual({ status: 401, body: { message: 'No API key found in request', hint: expect.any(String) } });
    expect((await post({ apikey: anonKey(), authorization: 'Bearer not-a-token' }, body)).status).toBe(401);
    for (const bad of [
      '{}',
      '{"messages": []}',
      '{"messages": [{"topic": "", "event": "e"}]}',
      '{"messages": [{"topic": "t"}]}',
      '{"messages": [{"topic": "t", "event": "e", "payload": 3}]}',
    ]) {
      const res = await post({ apikey: anonKey() }, bad);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/messages/);
    }
    const malformed = await post({ apikey: anonKey() }, '{"messages": [');
    expect(malformed.status).toBe(400);
    expect(typeof malformed.body.message).toBe('string');
    const single = await fetch(`${apiUrl()}/realtime/v1/api/broadcast/x/events/e`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: anonKey() },
      body: '"text"',
    });
    expect(single.status).toBe(400);
  });
});
