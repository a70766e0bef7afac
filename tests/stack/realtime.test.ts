import { randomUUID } from 'node:crypto';
import { createClient, type RealtimeChannel, type RealtimePostgresChangesPayload, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REASONS, REPLICATION_SLOT } from '../../supabase/local/gateway/realtime/constants';
import { anonClient, newMember, testStack, withDb, type TestMember } from '../support/clients';
import { Inbox, signToken, subscribed } from '../support/realtime';

/**
 * Realtime through the real supabase-js / realtime-js client against the local stack.
 * The tables are this file's own, so the tests do not depend on app migrations.
 */

type Row = Record<string, unknown>;
type Change = RealtimePostgresChangesPayload<Row>;

const SENTINEL_ROOM = `sentinel-${randomUUID().slice(0, 8)}`;
const clients: SupabaseClient[] = [];

function track(client: SupabaseClient): SupabaseClient {
  clients.push(client);
  return client;
}

/** Adds a binding that sees the sentinel row: once it arrives, every earlier change has been delivered. */
function withSentinel(channel: RealtimeChannel, inbox: Inbox<Change>): RealtimeChannel {
  return channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_public', filter: `room=eq.${SENTINEL_ROOM}` }, inbox.push);
}

async function insertSentinel(): Promise<string> {
  const body = randomUUID();
  await withDb((db) => db.query('insert into public.rt_public (room, body) values ($1, $2)', [SENTINEL_ROOM, body]));
  return body;
}

const isSentinel = (body: string) => (c: Change) => c.eventType === 'INSERT' && (c.new as Row).body === body;
const bodies = (inbox: Inbox<Change>, table: string) =>
  inbox.items.flatMap((c) => {
    const row: Row = c.new;
    return c.table === table && 'body' in row && row.room !== SENTINEL_ROOM ? [row.body] : [];
  });

beforeAll(async () => {
  await withDb(async (db) => {
    await db.query(`
      drop table if exists public.rt_notes, public.rt_public cascade;
      create table public.rt_public (
        id bigint generated always as identity primary key,
        room text not null,
        body text not null,
        n int not null default 0,
        tags text[] not null default '{}',
        meta jsonb not null default '{}',
        created_at timestamptz not null default now()
      );
      alter table public.rt_public enable row level security;
      create policy rt_public_read on public.rt_public for select using (true);
      create table public.rt_notes (
        id uuid primary key default gen_random_uuid(),
        owner uuid not null,
        body text not null
      );
      alter table public.rt_notes enable row level security;
      create policy rt_notes_owner on public.rt_notes for select to authenticated using (owner = auth.uid());
      grant select on public.rt_public, public.rt_notes to anon, authenticated;
      alter publication supabase_realtime add table public.rt_public, public.rt_notes;
    `);
  });
});

afterAll(async () => {
  await Promise.all(
    clients.map(async (c) => {
      await c.removeAllChannels();
      c.realtime.disconnect();
    }),
  );
  await withDb((db) => db.query('drop table if exists public.rt_notes, public.rt_public cascade'));
});

describe('postgres_changes', () => {
  it('delivers inserts, updates and deletes with the payloads realtime-js expects', async () => {
    const inbox = new Inbox<Change>();
    const room = `payloads-${randomUUID().slice(0, 8)}`;
    const client = track(anonClient());
    await subscribed(
      client.channel(`changes-${room}`).on('postgres_changes', { event: '*', schema: 'public', table: 'rt_public', filter: `room=eq.${room}` }, inbox.push),
    );

    const { rows } = await withDb((db) =>
      db.query<{ id: string }>(`insert into public.rt_public (room, body, n, tags, meta) values ($1, 'hello', 3, '{a,"b c"}', '{"k": 1}') returning id`, [
        room,
      ]),
    );
    const id = Number(rows[0]!.id);
    const inserted = await inbox.waitFor((c) => c.eventType === 'INSERT', 'the INSERT');
    expect(inserted).toMatchObject({ schema: 'public', table: 'rt_public', eventType: 'INSERT', errors: null, old: {} });
    expect(inserted.new).toMatchObject({ id, room, body: 'hello', n: 3, tags: ['a', 'b c'], meta: { k: 1 } });
    expect(String((inserted.new as Row).created_at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/);
    expect(Date.parse(inserted.commit_timestamp)).toBeGreaterThan(Date.now() - 60_000);

    await withDb((db) => db.query(`update public.rt_public set body = 'edited', n = 4 where id = $1`, [id]));
    const updated = await inbox.waitFor((c) => c.eventType === 'UPDATE', 'the UPDATE');
    expect(updated.new).toMatchObject({ id, body: 'edited', n: 4 });
    // REPLICA IDENTITY DEFAULT: the old record is the primary key only, as on Supabase
    expect(updated.old).toEqual({ id });

    await withDb((db) => db.query('delete from public.rt_public where id = $1', [id]));
    // a DELETE carries only the key, so a filter on another column cannot match it (as on Supabase)
    const allInbox = new Inbox<Change>();
    const all = track(anonClient());
    await subscribed(all.channel(`deletes-${room}`).on('postgres_changes', { event: 'DELETE', schema: 'public', table: 'rt_public' }, allInbox.push));
    const { rows: again } = await withDb((db) => db.query<{ id: string }>(`insert into public.rt_public (room, body) values ($1, 'bye') returning id`, [room]));
    await withDb((db) => db.query('delete from public.rt_public where id = $1', [again[0]!.id]));
    const againId = Number(again[0]!.id);
    const deleted = await allInbox.waitFor((c) => c.eventType === 'DELETE' && c.old.id === againId, 'the DELETE');
    expect(deleted).toMatchObject({ eventType: 'DELETE', new: {} });
    expect(deleted.old).toEqual({ id: againId });
    expect(inbox.items.filter((c) => c.eventType === 'DELETE')).toEqual([]);
  });

  it('honours filters (eq, neq, lt, lte, gt, gte, in) and the event kind', async () => {
    const room = `filters-${randomUUID().slice(0, 8)}`;
    const client = track(anonClient());
    const cases = {
      eq: `n=eq.2`,
      neq: `n=neq.2`,
      lt: `n=lt.2`,
      lte: `n=lte.2`,
      gt: `n=gt.2`,
      gte: `n=gte.2`,
      in: `body=in.(one,three)`,
    } as const;
    const inboxes = new Map<string, Inbox<Change>>();
    await Promise.all(
      Object.entries(cases).map(([name, filter]) => {
        const inbox = new Inbox<Change>();
        inboxes.set(name, inbox);
        const channel = client.channel(`${room}-${name}`).on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_public', filter }, inbox.push);
        return subscribed(withSentinel(channel, inbox));
      }),
    );
    const insertOnly = new Inbox<Change>();
    await subscribed(
      withSentinel(
        client
          .channel(`${room}-insert-only`)
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_public', filter: `room=eq.${room}` }, insertOnly.push),
        insertOnly,
      ),
    );

    await withDb((db) => db.query(`insert into public.rt_public (room, body, n) values ($1, 'one', 1), ($1, 'two', 2), ($1, 'three', 3)`, [room]));
    await withDb((db) => db.query(`update public.rt_public set n = 10 where room = $1`, [room]));
    const sentinel = await insertSentinel();
    for (const inbox of [...inboxes.values(), insertOnly]) await inbox.waitFor(isSentinel(sentinel), 'the sentinel row');

    const got = (name: string) => bodies(inboxes.get(name)!, 'rt_public').sort();
    expect(got('eq')).toEqual(['two']);
    expect(got('neq')).toEqual(['one', 'three']);
    expect(got('lt')).toEqual(['one']);
    expect(got('lte')).toEqual(['one', 'two']);
    expect(got('gt')).toEqual(['three']);
    expect(got('gte')).toEqual(['three', 'two']);
    expect(got('in')).toEqual(['one', 'three']);
    expect(insertOnly.items.filter((c) => c.eventType === 'UPDATE')).toEqual([]);
    expect(bodies(insertOnly, 'rt_public').sort()).toEqual(['one', 'three', 'two']);
  });

  it('refuses a filter on a column the table does not have', async () => {
    const client = track(anonClient());
    const channel = client
      .channel(`bad-filter-${randomUUID()}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_public', filter: 'nope=eq.1' }, () => undefined);
    await expect(subscribed(channel)).rejects.toThrow(REASONS.unknownColumn('nope'));
    await client.removeChannel(channel);
  });
});

describe('row level security', () => {
  let alice: TestMember;
  let bob: TestMember;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([newMember('rt_alice'), newMember('rt_bob')]);
    track(alice.client);
    track(bob.client);
  });

  it('delivers a private row only to the member its policy lets see it, never to other members or anon', async () => {
    const inboxes = { alice: new Inbox<Change>(), bob: new Inbox<Change>(), anon: new Inbox<Change>() };
    const anon = track(anonClient());
    const subscribe = (client: SupabaseClient, inbox: Inbox<Change>, name: string) =>
      subscribed(
        withSentinel(
          client.channel(`notes-${name}-${randomUUID()}`).on('postgres_changes', { event: '*', schema: 'public', table: 'rt_notes' }, inbox.push),
          inbox,
        ),
      );
    await Promise.all([subscribe(alice.client, inboxes.alice, 'alice'), subscribe(bob.client, inboxes.bob, 'bob'), subscribe(anon, inboxes.anon, 'anon')]);

    const { rows } = await withDb((db) =>
      db.query<{ id: string; owner: string }>(`insert into public.rt_notes (owner, body) values ($1, 'alice secret'), ($2, 'bob secret') returning id, owner`, [
        alice.id,
        bob.id,
      ]),
    );
    const sentinel = await insertSentinel();
    await Promise.all(Object.values(inboxes).map((inbox) => inbox.waitFor(isSentinel(sentinel), 'the sentinel row')));

    expect(bodies(inboxes.alice, 'rt_notes')).toEqual(['alice secret']);
    expect(bodies(inboxes.bob, 'rt_notes')).toEqual(['bob secret']);
    expect(bodies(inboxes.anon, 'rt_notes')).toEqual([]);

    // A delete cannot be checked against RLS (the row is gone): like Supabase, it reaches every
    // matching subscriber carrying nothing but the primary key.
    const aliceNote = rows.find((r) => r.owner === alice.id)!;
    await withDb((db) => db.query('delete from public.rt_notes where id = $1', [aliceNote.id]));
    const deleted = await inboxes.bob.waitFor((c) => c.eventType === 'DELETE', 'the DELETE');
    expect(deleted.old).toEqual({ id: aliceNote.id });
  });

  it('follows access-token updates: a token gains private rows, signing out stops them', async () => {
    const carol = await newMember('rt_carol');
    track(carol.client);
    const inbox = new Inbox<Change>();
    // starts anonymous, then is given carol's token
    const client = track(anonClient());
    const channel = await subscribed(
      withSentinel(
        client
          .channel(`token-${randomUUID()}`, { config: { broadcast: { ack: true } } })
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, inbox.push),
        inbox,
      ),
    );
    const insertNote = (body: string) => withDb((db) => db.query('insert into public.rt_notes (owner, body) values ($1, $2)', [carol.id, body]));
    /** an acknowledged broadcast: the server has handled every earlier frame of this socket */
    const settle = async () => expect(await channel.send({ type: 'broadcast', event: 'settle', payload: {} })).toBe('ok');

    await insertNote('before token');
    let sentinel = await insertSentinel();
    await inbox.waitFor(isSentinel(sentinel), 'the sentinel row');
    await client.realtime.setAuth(carol.accessToken);
    await settle();
    await insertNote('with token');
    sentinel = await insertSentinel();
    await inbox.waitFor(isSentinel(sentinel), 'the sentinel row');
    expect(bodies(inbox, 'rt_notes')).toEqual(['with token']);

    // carol's own client: signed in it receives her row; after sign-out supabase-js sends the anon key
    const own = new Inbox<Change>();
    const ownChannel = await subscribed(
      withSentinel(
        carol.client
          .channel(`own-${randomUUID()}`, { config: { broadcast: { ack: true } } })
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, own.push),
        own,
      ),
    );
    await insertNote('signed in');
    sentinel = await insertSentinel();
    await own.waitFor(isSentinel(sentinel), 'the sentinel row');
    expect(bodies(own, 'rt_notes')).toEqual(['signed in']);

    await carol.client.auth.signOut();
    await carol.client.realtime.setAuth();
    expect(await ownChannel.send({ type: 'broadcast', event: 'settle', payload: {} })).toBe('ok');
    await insertNote('after sign-out');
    sentinel = await insertSentinel();
    await own.waitFor(isSentinel(sentinel), 'the sentinel row');
    expect(bodies(own, 'rt_notes')).toEqual(['signed in']);
  });
});

describe('tokens', () => {
  it('refuses a join with a forged or an expired token', async () => {
    const { jwtSecret } = testStack();
    const sub = randomUUID();
    const forged = await signToken({ role: 'authenticated', sub, aud: 'authenticated' }, `not-${jwtSecret}`);
    const expired = await signToken({ role: 'authenticated', sub, aud: 'authenticated' }, jwtSecret, Math.floor(Date.now() / 1000) - 60);
    for (const [token, reason] of [
      [forged, /InvalidJWTToken: invalid JWT: signature is invalid/],
      [expired, /InvalidJWTToken: invalid JWT: token is expired/],
    ] as const) {
      const client = track(anonClient());
      await client.realtime.setAuth(token);
      const channel = client.channel(`forged-${randomUUID()}`);
      await expect(subscribed(channel)).rejects.toThrow(reason);
      await client.removeChannel(channel);
    }
  });

  it('refuses a socket whose apikey is not signed by the stack', async () => {
    const { apiUrl, jwtSecret } = testStack();
    const forged = await signToken({ role: 'anon' }, `not-${jwtSecret}`);
    const ws = new WebSocket(`${apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${forged}&vsn=2.0.0`);
    const status = await new Promise<number>((resolve) => {
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
      ws.on('error', () => undefined);
    });
    ws.terminate();
    expect(status).toBe(403);
  });
});

describe('presence', () => {
  it('shares state, joins and leaves across clients, and drops a socket that goes away', async () => {
    const topic = `presence-${randomUUID()}`;
    const sockets: WebSocket[] = [];
    // records the sockets realtime-js opens, so the test can cut one like a lost network would
    class RecordedWebSocket extends WebSocket {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        sockets.push(this);
      }
    }
    const { apiUrl, anonKey } = testStack();
    const alice = track(anonClient());
    const bob = track(
      createClient(apiUrl, anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: RecordedWebSocket as unknown as typeof globalThis.WebSocket },
      }),
    );
    const leaves = new Inbox<{ key: string }>();
    const joins = new Inbox<{ key: string }>();
    const aliceChannel = alice
      .channel(topic, { config: { presence: { key: 'alice' } } })
      .on('presence', { event: 'join' }, joins.push)
      .on('presence', { event: 'leave' }, leaves.push);
    await subscribed(aliceChannel);
    expect(await aliceChannel.track({ status: 'online' })).toBe('ok');

    const bobChannel = bob.channel(topic, { config: { presence: { key: 'bob' } } }).on('presence', { event: 'sync' }, () => undefined);
    await subscribed(bobChannel);
    expect(await bobChannel.track({ status: 'away' })).toBe('ok');

    await joins.waitFor((j) => j.key === 'bob', 'bob joining');
    const deadline = Date.now() + 5_000;
    while (Object.keys(bobChannel.presenceState()).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(bobChannel.presenceState()).toMatchObject({ alice: [{ status: 'online' }], bob: [{ status: 'away' }] });
    expect(aliceChannel.presenceState()).toMatchObject({ alice: [{ status: 'online' }], bob: [{ status: 'away' }] });

    expect(await bobChannel.untrack()).toBe('ok');
    await leaves.waitFor((l) => l.key === 'bob', 'bob leaving on untrack');
    expect(Object.keys(aliceChannel.presenceState())).toEqual(['alice']);

    expect(await bobChannel.track({ status: 'back' })).toBe('ok');
    await joins.waitFor((j) => j.key === 'bob' && joins.items.filter((x) => x.key === 'bob').length === 2, 'bob joining again');
    leaves.items.length = 0;
    sockets.at(-1)!.terminate();
    await leaves.waitFor((l) => l.key === 'bob', 'bob leaving when his socket drops');
    expect(Object.keys(aliceChannel.presenceState())).toEqual(['alice']);
  });
});

describe('broadcast', () => {
  it('delivers to the others, to the sender only with self, and acknowledges with ack', async () => {
    const topic = `broadcast-${randomUUID()}`;
    const a = track(anonClient());
    const b = track(anonClient());
    const aInbox = new Inbox<{ payload: Row }>();
    const bInbox = new Inbox<{ payload: Row }>();
    const selfInbox = new Inbox<{ payload: Row }>();
    const aChannel = a.channel(topic, { config: { broadcast: { ack: true } } }).on('broadcast', { event: 'msg' }, aInbox.push);
    const bChannel = b.channel(topic).on('broadcast', { event: 'msg' }, bInbox.push);
    const selfChannel = b.channel(`${topic}-self`, { config: { broadcast: { self: true, ack: true } } }).on('broadcast', { event: 'msg' }, selfInbox.push);
    await Promise.all([subscribed(aChannel), subscribed(bChannel), subscribed(selfChannel)]);

    // ack: the reply comes once the server has fanned the message out
    expect(await aChannel.send({ type: 'broadcast', event: 'msg', payload: { from: 'a', n: 1 } })).toBe('ok');
    await bInbox.waitFor((m) => m.payload.from === 'a', "a's message at b");
    expect(await bChannel.send({ type: 'broadcast', event: 'msg', payload: { from: 'b' } })).toBe('ok');
    await aInbox.waitFor((m) => m.payload.from === 'b', "b's message at a");
    // without self, a never saw its own message (it was handled before b's)
    expect(aInbox.items.map((m) => m.payload.from)).toEqual(['b']);
    expect(bInbox.items.map((m) => m.payload)).toEqual([{ from: 'a', n: 1 }]);

    expect(await selfChannel.send({ type: 'broadcast', event: 'msg', payload: { from: 'self' } })).toBe('ok');
    await selfInbox.waitFor((m) => m.payload.from === 'self', 'the message echoed to its sender');
  });
});

describe('protocol robustness', () => {
  it('answers malformed frames and unknown events with errors and keeps every channel open', async () => {
    const { apiUrl, anonKey } = testStack();
    // a well-behaved client on a broadcast topic, to prove it is unaffected
    const topic = `robust-${randomUUID()}`;
    const bystander = track(anonClient());
    const inbox = new Inbox<{ payload: Row }>();
    await subscribed(bystander.channel(topic).on('broadcast', { event: 'ping' }, inbox.push));

    const ws = new WebSocket(`${apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${anonKey}&vsn=2.0.0`);
    const frames = new Inbox<unknown[]>();
    ws.on('message', (data, isBinary) => {
      if (!isBinary) frames.push(JSON.parse(data.toString()) as unknown[]);
    });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const replyTo = (ref: string) => frames.waitFor((f) => f[1] === ref && f[3] === 'phx_reply', `the reply to ${ref}`);
    const realtimeTopic = `realtime:${topic}`;

    ws.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    expect((await replyTo('1'))[4]).toEqual({ status: 'ok', response: {} });

    ws.send(JSON.stringify(['2', '2', realtimeTopic, 'phx_join', { config: { broadcast: { self: false } } }]));
    expect((await replyTo('2'))[4]).toMatchObject({ status: 'ok' });

    ws.send('this is not json');
    ws.send(JSON.stringify({ not: 'an array' }));
    ws.send(Buffer.from([9, 9, 9]), { binary: true });
    const malformed = await frames.waitFor((f) => f[2] === 'phoenix' && JSON.stringify(f[4]).includes('malformed frame'), 'a malformed-frame error');
    expect(malformed[4]).toMatchObject({ status: 'error', response: { reason: expect.stringContaining('malformed frame') } });

    ws.send(JSON.stringify(['2', '3', realtimeTopic, 'no_such_event', {}]));
    expect((await replyTo('3'))[4]).toEqual({ status: 'error', response: { reason: REASONS.unknownEvent('no_such_event') } });
    ws.send(JSON.stringify([null, '4', 'realtime:never-joined', 'broadcast', { type: 'broadcast', event: 'x', payload: {} }]));
    expect((await replyTo('4'))[4]).toEqual({ status: 'error', response: { reason: REASONS.unmatchedTopic } });
    ws.send(JSON.stringify(['2', '5', realtimeTopic, 'broadcast', 'payload is not an object']));
    expect((await replyTo('5'))[4]).toMatchObject({ status: 'error', response: { reason: expect.stringContaining('malformed frame') } });

    // the raw socket's channel still works, and so does the bystander's
    ws.send(JSON.stringify(['2', '6', realtimeTopic, 'broadcast', { type: 'broadcast', event: 'ping', payload: { ok: true } }]));
    await inbox.waitFor((m) => m.payload.ok === true, 'the broadcast after the bad frames');
    ws.send(JSON.stringify([null, '7', 'phoenix', 'heartbeat', {}]));
    expect((await replyTo('7'))[4]).toEqual({ status: 'ok', response: {} });
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
  });
});

describe('replication', () => {
  it('comes back after losing its replication connection, with one slot and nothing lost', async () => {
    const room = `reconnect-${randomUUID().slice(0, 8)}`;
    const inbox = new Inbox<Change>();
    const client = track(anonClient());
    await subscribed(
      client.channel(room).on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_public', filter: `room=eq.${room}` }, inbox.push),
    );

    const { rows } = await withDb((db) =>
      db.query<{ ended: boolean }>(
        'select pg_terminate_backend(active_pid) as ended from pg_replication_slots where slot_name = $1 and active_pid is not null',
        [REPLICATION_SLOT],
      ),
    );
    expect(rows.map((r) => r.ended)).toEqual([true]);
    // committed while the stream is down: delivered once it is back
    await withDb((db) => db.query(`insert into public.rt_public (room, body) values ($1, 'while away')`, [room]));
    await inbox.waitFor((c) => (c.new as Row).body === 'while away', 'the change made while reconnecting', 15_000);
    await withDb((db) => db.query(`insert into public.rt_public (room, body) values ($1, 'after')`, [room]));
    await inbox.waitFor((c) => (c.new as Row).body === 'after', 'the change after reconnecting');
    expect(bodies(inbox, 'rt_public')).toEqual(['while away', 'after']);

    const slots = await withDb((db) => db.query<{ slot_name: string; active: boolean }>('select slot_name, active from pg_replication_slots'));
    expect(slots.rows).toEqual([{ slot_name: REPLICATION_SLOT, active: true }]);
  });

  it('confirms its WAL position while only unpublished tables change, so WAL is not held back', async () => {
    const target = await withDb(async (db) => {
      await db.query('create table if not exists public.rt_unpublished (id serial primary key, v text)');
      await db.query(`insert into public.rt_unpublished (v) select repeat('x', 200) from generate_series(1, 5000)`);
      return (await db.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]!.lsn;
    });
    const deadline = Date.now() + 20_000;
    let caughtUp = false;
    while (!caughtUp && Date.now() < deadline) {
      const { rows } = await withDb((db) =>
        db.query<{ caught: boolean }>('select confirmed_flush_lsn >= $2::pg_lsn as caught from pg_replication_slots where slot_name = $1', [
          REPLICATION_SLOT,
          target,
        ]),
      );
      caughtUp = rows[0]?.caught === true;
      if (!caughtUp) await new Promise((r) => setTimeout(r, 250));
    }
    await withDb((db) => db.query('drop table public.rt_unpublished'));
    expect(caughtUp).toBe(true);
  });
});
