import { randomUUID } from 'node:crypto';
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, testStack, withDb } from '../support/clients';
import { Inbox, signToken, subscribed } from '../support/realtime';

/**
 * Delivery guarantees of postgres_changes: a subscriber receives every change it may see, even
 * while its socket refreshes its token. The table is this file's own.
 */

type Row = { id: number; room: string; n: number };
type Change = RealtimePostgresChangesPayload<Row>;

const TABLE = 'rt_delivery';
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  await withDb((db) =>
    db.query(`
      drop table if exists public.${TABLE} cascade;
      create table public.${TABLE} (id bigint generated always as identity primary key, room text not null, n int not null);
      alter table public.${TABLE} enable row level security;
      create policy ${TABLE}_members on public.${TABLE} for select to authenticated using (true);
      grant select on public.${TABLE} to authenticated;
      alter publication supabase_realtime add table public.${TABLE};
    `),
  );
});

afterAll(async () => {
  await Promise.all(
    clients.map(async (c) => {
      await c.removeAllChannels();
      c.realtime.disconnect();
    }),
  );
  await withDb((db) => db.query(`drop table if exists public.${TABLE} cascade`));
});

describe('postgres_changes delivery', () => {
  it('loses no change while the subscriber refreshes its token', async () => {
    const { jwtSecret } = testStack();
    const sub = randomUUID();
    // The same member, two valid tokens (as after a refresh): only iat/exp differ.
    const tokens = await Promise.all(['1h', '2h'].map((ttl) => signToken({ role: 'authenticated', sub, aud: 'authenticated' }, jwtSecret, ttl)));
    const client = anonClient();
    clients.push(client);
    await client.realtime.setAuth(tokens[0]!);
    const room = `refresh-${randomUUID().slice(0, 8)}`;
    const inbox = new Inbox<Change>();
    await subscribed(
      client.channel(`delivery-${room}`).on('postgres_changes', { event: 'INSERT', schema: 'public', table: TABLE, filter: `room=eq.${room}` }, inbox.push),
    );

    let flips = 0;
    const flipper = setInterval(() => {
      flips += 1;
      void client.realtime.setAuth(tokens[flips % 2]!);
    }, 2);
    const written = 150;
    try {
      await withDb(async (db) => {
        for (let n = 1; n <= written; n++) await db.query(`insert into public.${TABLE} (room, n) values ($1, $2)`, [room, n]);
      });
      // the last rows are still on their way: keep refreshing until they are through
      await inbox.waitFor((c) => (c.new as Row).n === written, 'the last row', 10_000).catch(() => undefined);
    } finally {
      clearInterval(flipper);
    }
    const last = written + 1;
    await withDb((db) => db.query(`insert into public.${TABLE} (room, n) values ($1, $2)`, [room, last]));
    await inbox.waitFor((c) => (c.new as Row).n === last, 'the row after the refreshes');
    expect(flips).toBeGreaterThan(20);
    expect(inbox.items.map((c) => (c.new as Row).n)).toEqual(Array.from({ length: last }, (_, i) => i + 1));
  });
});
