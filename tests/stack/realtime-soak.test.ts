import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createClient } from '@supabase/supabase-js';
import { REPLICATION_SLOT } from '../../supabase/local/gateway/realtime/constants';
import { testStack, withDb } from '../support/clients';
import { signToken, subscribed } from '../support/realtime';

/**
 * Soak of postgres_changes delivery: 50 subscribers follow one thread and 20 follow a hub table
 * while 10 writers insert, update and delete for 60 s. Mid-run one socket of each kind is
 * dropped and rejoins, and the replication connection is killed. Every subscriber must receive
 * exactly the changes the writers committed that it may see (its thread, its private rows, not
 * another member's), each once, in commit order per row. Counts and order only: no timings.
 */

const WRITE_MS = 60_000;
const WRITERS = 10;
const THREAD_SUBSCRIBERS = 50;
const HUB_SUBSCRIBERS = 20;
const MEMBERS = 5;
/** each writer's pause between operations: about 40 operations a second in all */
const WRITER_PAUSE_MS = 250;
const POSTS = 'rt_soak_posts';
const HUB = 'rt_soak_hub';

type Row = { id: string; thread?: string; owner?: string; private?: boolean; v?: number };
type Change = RealtimePostgresChangesPayload<Row>;

interface Op {
  table: string;
  id: string;
  /** `INSERT:0`, `UPDATE:3`, `DELETE` */
  step: string;
  thread?: string;
  owner?: string;
  private?: boolean;
  startedAt: number;
  committedAt: number;
}

interface Subscriber {
  table: string;
  member: string;
  client: SupabaseClient;
  channel: RealtimeChannel;
  received: Change[];
  /** the socket can be dropped */
  drop?: () => void;
}

const THREAD = randomUUID();
const OTHER_THREAD = randomUUID();
const SENTINEL = 'sentinel';
const members = Array.from({ length: MEMBERS }, () => randomUUID());
const subscribers: Subscriber[] = [];

const stepOf = (c: Change): string => (c.eventType === 'DELETE' ? 'DELETE' : `${c.eventType}:${(c.new as Row).v}`);
const rowIdOf = (c: Change): string => (c.eventType === 'DELETE' ? (c.old as Row).id : (c.new as Row).id)!;

/** A WebSocket transport whose open sockets can be killed (realtime-js then reconnects by itself). */
function droppableTransport() {
  const sockets = new Set<WebSocket>();
  class DroppableSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols);
      sockets.add(this);
      this.on('close', () => sockets.delete(this));
    }
  }
  return { transport: DroppableSocket, drop: () => sockets.forEach((s) => s.terminate()) };
}

async function subscribe(table: string, index: number, droppable: boolean): Promise<Subscriber> {
  const { apiUrl, anonKey, jwtSecret } = testStack();
  const member = members[index % MEMBERS]!;
  const network = droppableTransport();
  const client = createClient(apiUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: network.transport as unknown as typeof globalThis.WebSocket },
  });
  await client.realtime.setAuth(await signToken({ role: 'authenticated', sub: member, aud: 'authenticated' }, jwtSecret));
  const received: Change[] = [];
  const filter = table === POSTS ? { filter: `thread=eq.${THREAD}` } : {};
  const channel = await subscribed(
    client.channel(`soak-${table}-${index}`).on('postgres_changes', { event: '*', schema: 'public', table, ...filter }, (c: Change) => received.push(c)),
  );
  return { table, member, client, channel, received, drop: droppable ? network.drop : undefined };
}

/** What a subscriber may see of an operation: its table, its thread, and private rows only its own (deletes cannot be checked, as on Supabase). */
function visibleTo(sub: Subscriber, op: Op): boolean {
  if (op.table !== sub.table) return false;
  if (op.table === POSTS && op.thread !== THREAD) return false;
  if (op.private && op.step !== 'DELETE' && op.owner !== sub.member) return false;
  return true;
}

function perRow(steps: Array<{ id: string; step: string }>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const { id, step } of steps) {
    const list = out.get(id);
    if (list) list.push(step);
    else out.set(id, [step]);
  }
  return out;
}

/** Waits for the channel to notice its socket died and to be joined again. */
async function rejoin(channel: RealtimeChannel): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (channel.state === 'joined' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  while (channel.state !== 'joined') {
    if (Date.now() > deadline) throw new Error('the dropped channel never rejoined');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function waitForSentinel(subs: Subscriber[], body: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const has = (s: Subscriber) => s.received.some((c) => c.eventType === 'INSERT' && (c.new as Row & { body?: string }).body === body);
  while (!subs.every(has)) {
    if (Date.now() > deadline) throw new Error(`${subs.filter((s) => !has(s)).length} subscribers never received sentinel ${body}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Inserts a sentinel row in both tables; resolves with when the insert started and ended. */
async function insertSentinels(db: pg.Client, body: string): Promise<{ startedAt: number; committedAt: number }> {
  const startedAt = Date.now();
  await db.query(`insert into public.${POSTS} (id, thread, owner, private, body) values ($1, $2, $3, false, $4)`, [randomUUID(), THREAD, members[0], body]);
  await db.query(`insert into public.${HUB} (id, body) values ($1, $2)`, [randomUUID(), body]);
  return { startedAt, committedAt: Date.now() };
}

async function writer(index: number, until: number, ops: Op[]): Promise<void> {
  const db = new pg.Client({ connectionString: testStack().dbUrl });
  await db.connect();
  const owner = members[index % MEMBERS]!;
  const live: Array<{ table: string; id: string; v: number; thread?: string; private?: boolean }> = [];
  let turn = 0;
  try {
    while (Date.now() < until) {
      turn += 1;
      const startedAt = Date.now();
      const target = live.length > 0 ? live[(turn * 7) % live.length]! : null;
      const choice = turn % 5;
      if (!target || choice < 2) {
        const table = turn % 3 === 0 ? HUB : POSTS;
        const id = randomUUID();
        const thread = turn % 4 === 0 ? OTHER_THREAD : THREAD;
        const isPrivate = turn % 3 === 1;
        if (table === POSTS)
          await db.query(`insert into public.${POSTS} (id, thread, owner, private, body) values ($1, $2, $3, $4, 'soak')`, [id, thread, owner, isPrivate]);
        else await db.query(`insert into public.${HUB} (id, body) values ($1, 'soak')`, [id]);
        live.push({ table, id, v: 0, thread: table === POSTS ? thread : undefined, private: table === POSTS ? isPrivate : undefined });
        ops.push({
          table,
          id,
          step: 'INSERT:0',
          thread: table === POSTS ? thread : undefined,
          owner,
          private: table === POSTS ? isPrivate : false,
          startedAt,
          committedAt: Date.now(),
        });
      } else if (choice === 4 && target.table === HUB) {
        await db.query(`delete from public.${HUB} where id = $1`, [target.id]);
        live.splice(live.indexOf(target), 1);
        ops.push({ table: HUB, id: target.id, step: 'DELETE', startedAt, committedAt: Date.now() });
      } else {
        target.v += 1;
        await db.query(`update public.${target.table} set v = $2 where id = $1`, [target.id, target.v]);
        ops.push({
          table: target.table,
          id: target.id,
          step: `UPDATE:${target.v}`,
          thread: target.thread,
          owner,
          private: target.private ?? false,
          startedAt,
          committedAt: Date.now(),
        });
      }
      await new Promise((r) => setTimeout(r, WRITER_PAUSE_MS));
    }
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  await withDb((db) =>
    db.query(`
      drop table if exists public.${POSTS}, public.${HUB} cascade;
      create table public.${POSTS} (id uuid primary key, thread uuid not null, owner uuid not null, private boolean not null, v int not null default 0, body text not null);
      alter table public.${POSTS} enable row level security;
      create policy ${POSTS}_read on public.${POSTS} for select to authenticated using (not private or owner = auth.uid());
      create table public.${HUB} (id uuid primary key, v int not null default 0, body text not null);
      grant select on public.${POSTS}, public.${HUB} to authenticated;
      alter publication supabase_realtime add table public.${POSTS}, public.${HUB};
    `),
  );
});

afterAll(async () => {
  await Promise.all(
    subscribers.map(async (s) => {
      await s.client.removeAllChannels();
      s.client.realtime.disconnect();
    }),
  );
  await withDb((db) => db.query(`drop table if exists public.${POSTS}, public.${HUB} cascade`));
});

describe('postgres_changes soak', () => {
  it(
    '70 subscribers receive exactly what 10 writers committed and they may see, through a dropped socket and a replication restart',
    { timeout: 240_000 },
    async () => {
      for (let i = 0; i < THREAD_SUBSCRIBERS; i++) subscribers.push(await subscribe(POSTS, i, i === 0));
      for (let i = 0; i < HUB_SUBSCRIBERS; i++) subscribers.push(await subscribe(HUB, i, i === 0));
      const dropped = subscribers.filter((s) => s.drop);
      const steady = subscribers.filter((s) => !s.drop);

      const control = new pg.Client({ connectionString: testStack().dbUrl });
      await control.connect();
      const ops: Op[] = [];
      const start = Date.now();
      const writing = Promise.all(Array.from({ length: WRITERS }, (_, i) => writer(i, start + WRITE_MS, ops)));
      let beforeDrop: { startedAt: number; committedAt: number };
      let afterRejoin: { startedAt: number; committedAt: number };
      let slotRestarted: boolean[];
      try {
        await new Promise((r) => setTimeout(r, WRITE_MS / 4));
        // One thread and one hub subscriber lose their socket; realtime-js reconnects and rejoins.
        beforeDrop = await insertSentinels(control, `${SENTINEL}-before-drop`);
        await waitForSentinel(dropped, `${SENTINEL}-before-drop`, 30_000);
        for (const s of dropped) s.drop!();
        await Promise.all(dropped.map((s) => rejoin(s.channel)));
        afterRejoin = await insertSentinels(control, `${SENTINEL}-after-rejoin`);
        await waitForSentinel(dropped, `${SENTINEL}-after-rejoin`, 30_000);

        await new Promise((r) => setTimeout(r, Math.max(0, start + WRITE_MS / 2 - Date.now())));
        // The replication consumer loses its connection and resumes where it was. (Another test file
        // may have just done the same: wait for the consumer to be back first.)
        const deadline = Date.now() + 20_000;
        for (;;) {
          const { rows } = await control.query<{ ended: boolean }>(
            'select pg_terminate_backend(active_pid) as ended from pg_replication_slots where slot_name = $1 and active_pid is not null',
            [REPLICATION_SLOT],
          );
          slotRestarted = rows.map((r) => r.ended);
          if (rows.length > 0 || Date.now() > deadline) break;
          await new Promise((r) => setTimeout(r, 200));
        }
        await writing;
        await insertSentinels(control, `${SENTINEL}-end`);
        await waitForSentinel(subscribers, `${SENTINEL}-end`, 90_000);
      } finally {
        await writing.catch(() => undefined);
        await control.end();
      }
      expect(slotRestarted).toEqual([true]);
      expect(ops.length).toBeGreaterThan((WRITE_MS / 1000) * WRITERS);

      // What the database holds agrees with the writers' log: every row's last version.
      const lastVersion = new Map<string, number>();
      for (const op of ops) if (op.step !== 'DELETE') lastVersion.set(op.id, Number(op.step.split(':')[1]));
      for (const op of ops) if (op.step === 'DELETE') lastVersion.delete(op.id);
      const inDb = await withDb(async (db) => {
        const { rows } = await db.query<{ id: string; v: number }>(
          `select id, v from public.${POSTS} where body = 'soak' union all select id, v from public.${HUB} where body = 'soak'`,
        );
        return new Map(rows.map((r) => [r.id, r.v]));
      });
      expect(inDb).toEqual(lastVersion);

      const received = (s: Subscriber) =>
        s.received
          .filter((c) => (c.eventType === 'DELETE' ? true : !(c.new as Row & { body?: string }).body?.startsWith(SENTINEL)))
          .map((c) => ({ id: rowIdOf(c), step: stepOf(c) }));
      const problems: string[] = [];
      for (const sub of steady) {
        const expected = perRow(ops.filter((op) => visibleTo(sub, op)));
        const got = perRow(received(sub));
        const count = (m: Map<string, string[]>) => [...m.values()].reduce((n, l) => n + l.length, 0);
        if (count(got) !== count(expected) || JSON.stringify([...got].sort()) !== JSON.stringify([...expected].sort())) {
          problems.push(`${sub.table} subscriber (member ${sub.member.slice(0, 4)}): expected ${count(expected)} changes, got ${count(got)}`);
        }
      }
      for (const sub of dropped) {
        const visible = ops.filter((op) => visibleTo(sub, op));
        const expected = perRow(visible);
        const got = perRow(received(sub));
        // nothing it may not see, nothing twice, in commit order per row
        for (const [id, steps] of got) {
          const all = expected.get(id) ?? [];
          let at = -1;
          for (const step of steps) {
            const next = all.indexOf(step, at + 1);
            if (next === -1) problems.push(`dropped ${sub.table} subscriber: ${id} ${step} out of order, repeated or not visible`);
            at = next;
          }
        }
        // and everything committed while its socket was certainly up
        const gotKeys = new Set(received(sub).map((c) => `${c.id}/${c.step}`));
        const certain = visible.filter((op) => op.committedAt < beforeDrop!.startedAt || op.startedAt > afterRejoin!.committedAt);
        const missing = certain.filter((op) => !gotKeys.has(`${op.id}/${op.step}`));
        if (missing.length > 0) problems.push(`dropped ${sub.table} subscriber missed ${missing.length} of ${certain.length} changes made while it was joined`);
      }
      const delivered = subscribers.reduce((n, s) => n + received(s).length, 0);
      console.info(`[soak] ${ops.length} committed operations, ${delivered} deliveries to ${subscribers.length} subscribers, ${problems.length} problems`);
      expect(problems).toEqual([]);
    },
  );
});
