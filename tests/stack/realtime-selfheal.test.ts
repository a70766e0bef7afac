import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createAppDatabase, type AppDatabase } from '@/db/database';
import { startSync, type SyncHandle } from '@/db/replication/sync';
import { newMember, testStack, type TestMember } from '../support/clients';

/**
 * A watching device's replication heals itself after its realtime socket dies: replies written
 * while the socket is down reach the device's store without a reload.
 */

/** A WebSocket whose network can be cut (open sockets die, new ones cannot connect) or lose chosen frames. */
function cuttableTransport() {
  const state = { cut: false, sockets: new Set<WebSocket>(), lose: null as ((frame: string) => boolean) | null, lost: 0 };
  const onmessage = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage')!;
  class CuttableSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      // port 9 (discard) refuses the connection, as a dead network would
      super(state.cut ? 'ws://127.0.0.1:9/' : url, protocols);
      state.sockets.add(this);
      this.on('close', () => state.sockets.delete(this));
      // realtime-js reads frames through onmessage: frames the test chooses never reach it
      Object.defineProperty(this, 'onmessage', {
        configurable: true,
        get: () => onmessage.get!.call(this) as unknown,
        set: (fn: ((event: WebSocket.MessageEvent) => void) | null) =>
          onmessage.set!.call(
            this,
            fn &&
              ((event: WebSocket.MessageEvent) => {
                // broadcasts come as binary frames (an ArrayBuffer to realtime-js)
                const text = event.data instanceof ArrayBuffer ? Buffer.from(event.data).toString('utf8') : String(event.data);
                if (state.lose?.(text)) state.lost += 1;
                else fn(event);
              }),
          ),
      });
    }
  }
  return {
    transport: CuttableSocket,
    lose(predicate: (frame: string) => boolean) {
      state.lose = predicate;
    },
    lost: () => state.lost,
    cut() {
      state.cut = true;
      for (const socket of state.sockets) socket.terminate();
    },
    restore() {
      state.cut = false;
    },
  };
}

const databases: AppDatabase[] = [];
const syncs: SyncHandle[] = [];
const clients: SupabaseClient[] = [];
let writer: TestMember;
let watcher: TestMember;

async function watchingDevice(member: TestMember, threadId: string) {
  const network = cuttableTransport();
  const { apiUrl, anonKey } = testStack();
  const client = createClient(apiUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: network.transport as unknown as typeof globalThis.WebSocket },
  });
  clients.push(client);
  const { error } = await client.auth.signInWithPassword({ email: member.email, password: member.password });
  if (error) throw error;
  const db = await createAppDatabase({
    name: `h${randomUUID().replace(/-/g, '').slice(0, 12)}`,
    storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) as RxStorage<unknown, unknown>,
    multiInstance: false,
    only: ['discussions', 'posts', 'drafts', 'pinned', 'outbox'],
  });
  databases.push(db);
  const sync = startSync({
    db,
    client,
    userId: member.id,
    collections: ['discussions', 'posts'],
    realtime: true,
    waitForLeadership: false,
    retryBaseMs: 100,
    pullRetryMs: 200,
  });
  syncs.push(sync);
  await sync.ensureThread(threadId);
  await until(() => client.getChannels().length === 2 && client.getChannels().every((c) => c.state === 'joined'), 'the live channels to join');
  await sync.awaitInSync();
  return { db, client, network };
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function newThread(): Promise<string> {
  const id = randomUUID();
  const { error } = await writer.client.from('discussions').insert({ id, user_id: writer.id, title: `Self-heal ${id.slice(0, 6)}`, category: 'Production' });
  if (error) throw error;
  return id;
}

async function writeReplies(threadId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const { error } = await writer.client
      .from('posts')
      .insert({ id, discussion_id: threadId, user_id: writer.id, content: `Reply ${i} while the watcher's socket is down` });
    if (error) throw error;
    ids.push(id);
  }
  return ids;
}

const held = async (db: AppDatabase, ids: string[]) => (await db.posts.findByIds(ids).exec()).size;

beforeAll(async () => {
  [writer, watcher] = await Promise.all([newMember('heal_writer'), newMember('heal_watcher')]);
});

afterEach(async () => {
  await Promise.all(syncs.splice(0).map((s) => s.stop()));
  await Promise.all(databases.splice(0).map((db) => db.close()));
  await Promise.all(
    clients.splice(0).map(async (c) => {
      await c.removeAllChannels();
      c.realtime.disconnect();
    }),
  );
});

afterAll(async () => {
  await writer?.client.removeAllChannels();
  await watcher?.client.removeAllChannels();
});

describe('self-healing live replication', () => {
  it('replies written while the socket stays dead still reach the watching device', async () => {
    const threadId = await newThread();
    const { db, network } = await watchingDevice(watcher, threadId);
    network.cut();
    const ids = await writeReplies(threadId, 20);
    // The socket never comes back in this test: only the device's own re-checks can bring them.
    await until(async () => (await held(db, ids)) === ids.length, 'all 20 replies on the watching device', 15_000);
    expect(await held(db, ids)).toBe(20);
  });

  it('a reply whose frame was lost on a live socket arrives: the thread header counts more posts than the device holds', async () => {
    const threadId = await newThread();
    const { db, network } = await watchingDevice(watcher, threadId);
    // posts rows on the thread's topic (headers carry no discussion_id)
    network.lose((frame) => frame.includes(`thread:${threadId}`) && frame.includes('"discussion_id"'));
    const ids = await writeReplies(threadId, 1);
    await until(async () => (await held(db, ids)) === 1, 'the reply whose frame was lost', 15_000);
    expect(network.lost()).toBeGreaterThan(0);
  });

  it('after the socket is down for 5 s while 20 replies are written, the device holds all 20', async () => {
    const threadId = await newThread();
    const { db, client, network } = await watchingDevice(watcher, threadId);
    const started = Date.now();
    network.cut();
    const ids = await writeReplies(threadId, 20);
    const writtenMs = Date.now() - started;
    let convergedMs: number | null = null;
    const converged = until(async () => (await held(db, ids)) === ids.length, 'all 20 replies on the watching device', 20_000).then(() => {
      convergedMs = Date.now() - started;
    });
    await new Promise((r) => setTimeout(r, Math.max(0, 5_000 - (Date.now() - started))));
    network.restore();
    await converged;
    // and the live stream is back: a later reply arrives too
    await until(() => client.getChannels().every((c) => c.state === 'joined'), 'the channels to rejoin', 20_000);
    const [late] = await writeReplies(threadId, 1);
    await until(async () => (await held(db, [late!])) === 1, 'the reply after the socket came back');
    console.info(`[self-heal] socket down 5 s, 20 replies written within ${writtenMs} ms: all on the device ${String(convergedMs)} ms after the drop`);
  });
});
