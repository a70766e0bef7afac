import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REASONS } from '../../supabase/local/gateway/realtime/constants';
import { anonClient, newMember, testStack, withDb, type TestMember } from '../support/clients';
import { Inbox, signToken, subscribed, releaseChannelsOf } from '../support/realtime';

/**
 * Broadcast from the database, as Supabase Realtime's clients see it: rows of realtime.messages
 * (written by realtime.send or realtime.broadcast_changes) reach the topic's joined subscribers
 * from the replication stream; private topics admit only whom the realtime.messages policies
 * allow, at join and again on a token refresh; a topic whose policies let nobody write takes no
 * broadcast from clients.
 */

type Broadcast = { event: string; payload: Record<string, unknown>; meta?: { id?: string } };

const tag = randomUUID().slice(0, 8);
/** alice may read it, nobody may write it: only the server speaks here */
const ALICE_ONLY = `dbcast-alice-${tag}`;
const SCHEMA = `rt_dbcast_${tag}`;
const clients: SupabaseClient[] = [];
let alice: TestMember;
let bob: TestMember;

const settle = () => new Promise((r) => setTimeout(r, 400));

function listen(client: SupabaseClient, topic: string, isPrivate: boolean, inbox: Inbox<Broadcast>): RealtimeChannel {
  return client.channel(topic, { config: { private: isPrivate, broadcast: { ack: true } } }).on('broadcast', { event: '*' }, (m: Broadcast) => inbox.push(m));
}

const send = (payload: unknown, event: string, topic: string, isPrivate?: boolean) =>
  withDb((db) =>
    isPrivate === undefined
      ? db.query('select realtime.send($1::jsonb, $2, $3)', [JSON.stringify(payload), event, topic])
      : db.query('select realtime.send($1::jsonb, $2, $3, $4)', [JSON.stringify(payload), event, topic, isPrivate]),
  );

beforeAll(async () => {
  [alice, bob] = await Promise.all([newMember('rt_dbcast_a'), newMember('rt_dbcast_b')]);
  clients.push(alice.client, bob.client);
  await withDb((db) =>
    db.query(`
      create policy "test: alice reads ${ALICE_ONLY}" on realtime.messages for select to authenticated
        using (realtime.topic() = '${ALICE_ONLY}' and (select auth.uid()) = '${alice.id}');
      create schema ${SCHEMA};
      create table ${SCHEMA}.items (id bigint primary key, label text not null);
      create function ${SCHEMA}.items_broadcast() returns trigger language plpgsql security definer set search_path = '' as $$
      begin
        perform realtime.broadcast_changes('${ALICE_ONLY}', tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
        return null;
      end $$;
      create trigger items_broadcast after insert or update or delete on ${SCHEMA}.items for each row execute function ${SCHEMA}.items_broadcast();
    `),
  );
});

releaseChannelsOf(clients);

afterAll(async () => {
  await withDb((db) => db.query(`drop policy if exists "test: alice reads ${ALICE_ONLY}" on realtime.messages; drop schema if exists ${SCHEMA} cascade;`));
});

describe('realtime.send', () => {
  it('delivers a public message to the public channel with its id, and nothing of a rolled-back transaction', async () => {
    const topic = `dbcast-public-${tag}`;
    const inbox = new Inbox<Broadcast>();
    await subscribed(listen(track(anonClient()), topic, false, inbox));
    await withDb(async (db) => {
      await db.query('begin');
      await db.query(`select realtime.send('{"n": 0}'::jsonb, 'never', $1, false)`, [topic]);
      await db.query('rollback');
    });
    await send({ n: 1 }, 'hello', topic, false);
    const got = await inbox.waitFor((m) => m.event === 'hello', 'the public message');
    expect(got.payload.n).toBe(1);
    expect(typeof got.payload.id).toBe('string');
    expect(got.meta?.id).toBe(got.payload.id);
    await settle();
    expect(inbox.items.map((m) => m.event)).toEqual(['hello']);
  });

  it('delivers a private message (the default) only to the private channel members the policies admit', async () => {
    const aliceInbox = new Inbox<Broadcast>();
    const publicInbox = new Inbox<Broadcast>();
    await subscribed(listen(alice.client, ALICE_ONLY, true, aliceInbox));
    await expect(subscribed(listen(bob.client, ALICE_ONLY, true, new Inbox<Broadcast>()))).rejects.toThrow(REASONS.unauthorizedRead(ALICE_ONLY));
    await subscribed(listen(track(anonClient()), ALICE_ONLY, false, publicInbox));
    await send({ secret: 's1' }, 'note', ALICE_ONLY);
    const got = await aliceInbox.waitFor((m) => m.event === 'note', 'the private message');
    expect(got.payload.secret).toBe('s1');
    await settle();
    expect(publicInbox.items).toEqual([]);
  });

  it('skips a row that is no broadcast and keeps delivering the next ones', async () => {
    const topic = `dbcast-skip-${tag}`;
    const inbox = new Inbox<Broadcast>();
    await subscribed(listen(track(anonClient()), topic, false, inbox));
    await withDb((db) =>
      db.query(
        `insert into realtime.messages (topic, extension, event, private) values ($1, 'broadcast', 'no-payload', false), ($1, 'presence', 'not-a-broadcast', false)`,
        [topic],
      ),
    );
    await send({ n: 2 }, 'after', topic, false);
    await inbox.waitFor((m) => m.event === 'after', 'the message after the bad rows');
    expect(inbox.items.map((m) => m.event)).toEqual(['after']);
  });
});

describe('realtime.broadcast_changes', () => {
  it("delivers a trigger's row changes as Supabase shapes them", async () => {
    const inbox = new Inbox<Broadcast>();
    await subscribed(listen(alice.client, ALICE_ONLY, true, inbox));
    await withDb(async (db) => {
      await db.query(`insert into ${SCHEMA}.items (id, label) values (1, 'first')`);
      await db.query(`update ${SCHEMA}.items set label = 'second' where id = 1`);
    });
    const insert = await inbox.waitFor((m) => m.event === 'INSERT', 'the insert');
    expect(insert.payload).toMatchObject({ operation: 'INSERT', table: 'items', schema: SCHEMA, record: { id: 1, label: 'first' }, old_record: null });
    const update = await inbox.waitFor((m) => m.event === 'UPDATE', 'the update');
    expect(update.payload).toMatchObject({ operation: 'UPDATE', record: { label: 'second' }, old_record: { label: 'first' } });
  });
});

describe('server topics', () => {
  it('refuse broadcasts from clients, over the socket and over REST', async () => {
    const inbox = new Inbox<Broadcast>();
    const channel = await subscribed(listen(alice.client, ALICE_ONLY, true, inbox));
    expect(await channel.send({ type: 'broadcast', event: 'spoof', payload: { from: 'alice' } })).not.toBe('ok');
    const other = await subscribed(listen(track(anonClient()), `dbcast-other-${tag}`, false, new Inbox<Broadcast>()));
    expect(other.state).toBe('joined');
    const rest = await fetch(`${testStack().apiUrl}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: testStack().anonKey, authorization: `Bearer ${alice.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: ALICE_ONLY, event: 'spoof', payload: {}, private: true }] }),
    });
    expect(rest.status).toBe(401);
    await settle();
    expect(inbox.items).toEqual([]);
  });

  it('ask the policies again on a token refresh: a token for another member closes the channel', async () => {
    const inbox = new Inbox<Broadcast>();
    const channel = await subscribed(listen(alice.client, ALICE_ONLY, true, inbox));
    const closed = new Promise<void>((resolve) => channel.on('system', {}, () => resolve()));
    const bobToken = await signToken({ sub: bob.id, role: 'authenticated', aud: 'authenticated' }, testStack().jwtSecret);
    await alice.client.realtime.setAuth(bobToken);
    await closed;
    await send({ secret: 's2' }, 'after-refresh', ALICE_ONLY);
    await settle();
    expect(inbox.items).toEqual([]);
  });
});

function track<T extends SupabaseClient>(client: T): T {
  clients.push(client);
  return client;
}
