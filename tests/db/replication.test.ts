import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { RxStorage } from 'rxdb';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAppDatabase, type AppDatabase } from '@/db/database';
import { SYNC_MESSAGES } from '@/db/messages';
import { pinForOffline } from '@/db/pinning';
import { SLICED_PAGE } from '@/db/replication/pull';
import { createPushHandler } from '@/db/replication/push';
import { supabaseTable, type RemoteTable } from '@/db/replication/remote-table';
import { startSync, type SyncHandle, type StartSyncOptions } from '@/db/replication/sync';
import { TABLE_SPECS } from '@/db/replication/tables';
import { insertLocal } from '@/db/writes';
import { editPost } from '@/features/discussions/model/writes';
import { anonClient, newMember, serviceClient, withDb, type TestMember } from '../support/clients';
import { LIVE_PULL_DELAY_MS } from '@/db/replication/live';

const LOCKED = 'This discussion is locked. No new replies can be added.';

const databases: AppDatabase[] = [];
const syncs: SyncHandle[] = [];

async function device(withProfiles = false): Promise<AppDatabase> {
  const db = await createAppDatabase({
    name: `d${randomUUID().replace(/-/g, '').slice(0, 12)}`,
    storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) as RxStorage<unknown, unknown>,
    multiInstance: false,
    // Two devices share this Node process; RxDB's open-source build allows 13 open collections in all.
    only: withProfiles
      ? ['discussions', 'posts', 'profiles', 'drafts', 'pinned', 'outbox']
      : ['discussions', 'posts', 'notifications', 'drafts', 'pinned', 'outbox'],
  });
  databases.push(db);
  return db;
}

function sync(db: AppDatabase, client: SupabaseClient, userId: string | null, extra: Partial<StartSyncOptions> = {}): SyncHandle {
  const handle = startSync({
    db,
    client,
    userId,
    collections: ['discussions', 'posts'],
    realtime: false,
    waitForLeadership: false,
    retryBaseMs: 100,
    pullRetryMs: 200,
    ...extra,
  });
  syncs.push(handle);
  if (process.env.DEBUG_SYNC)
    for (const [name, state] of Object.entries(handle.states))
      state.error$.subscribe((e) => console.error(name, JSON.stringify(e.parameters ?? e.message).slice(0, 800)));
  return handle;
}

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

let alice: TestMember;
let bob: TestMember;

async function startThread(member: TestMember, title = `Thread ${randomUUID().slice(0, 6)}`): Promise<string> {
  const id = randomUUID();
  const { error } = await member.client.from('discussions').insert({ id, user_id: member.id, title, category: 'Production' });
  if (error) throw error;
  return id;
}

async function postCount(id: string): Promise<number> {
  return withDb(async (pg) => Number((await pg.query('select count(*) from public.posts where id = $1', [id])).rows[0].count));
}

beforeAll(async () => {
  [alice, bob] = await Promise.all([newMember('alice'), newMember('bob')]);
});

afterEach(async () => {
  await Promise.all(syncs.splice(0).map((s) => s.stop()));
  await Promise.all(databases.splice(0).map((db) => db.close()));
});

afterAll(async () => {
  for (const m of [alice, bob]) await m?.client.removeAllChannels();
});

describe('replication against the local stack', () => {
  it('pulls into an empty store, then incrementally', async () => {
    const first = await startThread(alice);
    const db = await device();
    const s = sync(db, alice.client, alice.id);
    await s.awaitInSync();
    expect((await db.discussions.findOne(first).exec())?.author_username).toBe(alice.username);

    const second = await startThread(bob);
    s.resync();
    await until(async () => (await db.discussions.findOne(second).exec()) !== null);
    expect((await db.discussions.findOne(second).exec())?.user_id).toBe(bob.id);
  });

  it('does not miss a row whose transaction commits after a later one', async () => {
    const db = await device();
    const s = sync(db, alice.client, alice.id);
    await s.awaitInSync();
    const early = randomUUID();
    const late = randomUUID();
    await withDb(async (slow) => {
      await slow.query('begin');
      // _modified is taken now, but the row only becomes visible at commit.
      await slow.query(`insert into public.discussions (id, user_id, title, category) values ($1, $2, 'slow transaction', 'Production')`, [early, alice.id]);
      // Another author, so the two transactions touch no common row (triggers update the author's profile).
      await withDb((fast) =>
        fast.query(`insert into public.discussions (id, user_id, title, category) values ($1, $2, 'fast transaction', 'Production')`, [late, bob.id]),
      );
      s.resync();
      await until(async () => (await db.discussions.findOne(late).exec()) !== null);
      await s.awaitInSync();
      expect(await db.discussions.findOne(early).exec()).toBeNull();
      await slow.query('commit');
    });
    const modified = await withDb(
      async (pg) =>
        (await pg.query('select id, _modified from public.discussions where id = any($1)', [[early, late]])).rows as { id: string; _modified: Date }[],
    );
    const byId = Object.fromEntries(modified.map((r) => [r.id, r._modified.getTime()]));
    expect(byId[early]).toBeLessThan(byId[late]);

    s.resync();
    await until(async () => (await db.discussions.findOne(early).exec()) !== null);
    expect((await db.discussions.findOne(early).exec())?.title).toBe('slow transaction');
  });

  it('a thread kept offline after the posts checkpoint passed its posts gets them on the next pull', async () => {
    // An old thread outside the recent window: the device does not keep its posts.
    const old = await startThread(bob);
    const oldPosts = [randomUUID(), randomUUID()];
    for (const id of oldPosts) {
      const { error } = await bob.client.from('posts').insert({ id, discussion_id: old, user_id: bob.id, content: `old post ${id}` });
      if (error) throw error;
    }
    await withDb((pg) => pg.query("update public.discussions set last_activity_at = now() - interval '60 days' where id = $1", [old]));
    // A recent thread's post, written later, moves the device's posts checkpoint past the old posts.
    const recent = await startThread(alice);
    const recentPost = randomUUID();
    const { error } = await alice.client.from('posts').insert({ id: recentPost, discussion_id: recent, user_id: alice.id, content: 'recent post' });
    if (error) throw error;

    const db = await device();
    // No overlap window: the old posts are before the checkpoint however close in time they were written.
    const s = sync(db, bob.client, null, { overlapMs: 0 });
    await s.awaitInSync();
    // Which threads' posts are kept follows from the discussions, which the first posts pull did not have yet.
    s.resync();
    await until(async () => (await db.posts.findOne(recentPost).exec()) !== null);
    expect(await db.posts.findOne(oldPosts[0]).exec()).toBeNull();

    // 'Keep offline' recorded while the thread could not be fetched (offline, or in a tab that does not replicate).
    await pinForOffline(db, 'discussion', old, null);
    s.resync();
    await until(async () => (await db.posts.findByIds(oldPosts).exec()).size === oldPosts.length);
  });

  it("a first sync pulls the recent threads' posts while the discussions are still coming: the server names the threads", async () => {
    const recent = await startThread(alice);
    const recentPost = randomUUID();
    const old = await startThread(bob);
    const oldPost = randomUUID();
    for (const [id, thread, member] of [
      [recentPost, recent, alice],
      [oldPost, old, bob],
    ] as const) {
      const { error } = await member.client.from('posts').insert({ id, discussion_id: thread, user_id: member.id, content: `post ${id}` });
      if (error) throw error;
    }
    await withDb((pg) => pg.query("update public.discussions set last_activity_at = now() - interval '60 days' where id = $1", [old]));

    // The discussions' pull does not answer until released: a big community's headers take a while.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const visitor = anonClient();
    const holding = (table: string): RemoteTable => {
      const real = supabaseTable(visitor, table, Object.values(TABLE_SPECS).find((spec) => spec.table === table)?.readColumns);
      return table === 'discussions' ? { ...real, selectPage: (request) => held.then(() => real.selectPage(request)) } : real;
    };
    const db = await device();
    const s = sync(db, visitor, null, { remote: holding });
    try {
      await until(async () => (await db.posts.findOne(recentPost).exec()) !== null);
      expect(await db.discussions.count().exec()).toBe(0);
      expect(await db.posts.findOne(oldPost).exec()).toBeNull();
    } finally {
      release();
    }
    await s.whenStoreReady();
    expect(await db.discussions.findOne(recent).exec()).not.toBeNull();
    expect(await db.posts.findOne(recentPost).exec()).not.toBeNull();
    expect(await db.posts.findOne(oldPost).exec()).toBeNull();
  });

  it('opening a thread the pulls have not reached yet brings its header and its authors with its posts', async () => {
    const thread = await startThread(bob);
    const reply = randomUUID();
    const { error } = await bob.client.from('posts').insert({ id: reply, discussion_id: thread, user_id: bob.id, content: 'Open with deep cuts.' });
    if (error) throw error;

    const db = await device(true);
    // The checkpointed pulls of headers and profiles have not got this far (a fresh device in a big community).
    const lagging = (table: string): RemoteTable => {
      const real = supabaseTable(alice.client, table, Object.values(TABLE_SPECS).find((spec) => spec.table === table)?.readColumns);
      return table === 'posts' ? real : { ...real, selectPage: async () => ({ data: [], error: null, status: 200 }) };
    };
    const s = sync(db, alice.client, alice.id, { collections: ['discussions', 'posts', 'profiles'], remote: lagging });
    // RxDB drops stream rows received before a pull it then starts; let the first pulls finish, as they have by the time a member opens a thread.
    await s.awaitInSync();
    await s.ensureThread(thread);
    await until(async () => (await db.posts.findOne(reply).exec()) !== null);
    await until(async () => (await db.discussions.findOne(thread).exec()) !== null && (await db.profiles.findOne(bob.id).exec()) !== null, 5_000);
  });

  it('a thread opened while a long first pull is still paging shows with its next page, not when the whole pull is done', async () => {
    // More of the member's own posts than one page holds: the first pull of posts takes several pages.
    const busy = await startThread(alice);
    await withDb((pg) =>
      pg.query(`insert into public.posts (discussion_id, user_id, content) select $1, $2, 'Track ' || g from generate_series(1, $3::int) g`, [
        busy,
        alice.id,
        SLICED_PAGE + 1,
      ]),
    );
    // A thread the device does not keep (old, and not the member's), opened from a link.
    const opened = await startThread(bob);
    const reply = randomUUID();
    const { error } = await bob.client.from('posts').insert({ id: reply, discussion_id: opened, user_id: bob.id, content: 'Found it on a white label.' });
    if (error) throw error;
    await withDb((pg) => pg.query("update public.discussions set last_activity_at = now() - interval '60 days' where id = $1", [opened]));

    // The pull's first page answers when released; every later page waits until the end of the test.
    let releaseFirst = () => undefined as void;
    let releaseRest = () => undefined as void;
    const firstPage = new Promise<void>((resolve) => (releaseFirst = resolve));
    const laterPages = new Promise<void>((resolve) => (releaseRest = resolve));
    let firstAsked = false;
    let threadFetched = false;
    const paging = (table: string): RemoteTable => {
      const real = supabaseTable(alice.client, table, Object.values(TABLE_SPECS).find((spec) => spec.table === table)?.readColumns);
      if (table !== 'posts') return real;
      return {
        ...real,
        selectPage: async (request) => {
          // The visit's own read of the thread answers at once (the pull's later pages name the thread too, once kept).
          if (request.conditions.length === 1 && request.conditions[0] === `discussion_id.eq.${opened}`) {
            const answer = await real.selectPage(request);
            threadFetched = true;
            return answer;
          }
          const first = !firstAsked;
          firstAsked = true;
          await (first ? firstPage : laterPages);
          return real.selectPage(request);
        },
      };
    };
    const db = await device(true);
    const s = sync(db, alice.client, alice.id, { collections: ['discussions', 'posts', 'profiles'], remote: paging });
    try {
      await until(async () => firstAsked);
      const opening = s.ensureThread(opened).catch(() => 0);
      await until(async () => threadFetched);
      // Its header and author arrive first (their pulls are not held), then its posts are handed over.
      await until(async () => (await db.discussions.findOne(opened).exec()) !== null && (await db.profiles.findOne(bob.id).exec()) !== null);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      releaseFirst();
      await until(async () => (await db.posts.findOne(reply).exec()) !== null, 10_000);
      expect(await db.posts.count({ selector: { discussion_id: busy } }).exec()).toBeLessThan(SLICED_PAGE + 1);
      releaseRest();
      await opening;
    } finally {
      releaseFirst();
      releaseRest();
    }
  });

  it('pushes a locally written reply exactly once; pushing it again changes nothing', async () => {
    const thread = await startThread(alice);
    const db = await device();
    const s = sync(db, bob.client, bob.id);
    await s.ensureThread(thread);
    const reply = await insertLocal(db, 'posts', { discussion_id: thread, user_id: bob.id, content: 'Nice set!', is_solution: false });
    await until(async () => (await db.outbox.findOne(`posts:${reply.id}`).exec())?.state === 'sent');
    expect(await postCount(reply.id)).toBe(1);
    // The server's copy comes back with server-set columns.
    await until(async () => typeof (await db.posts.findOne(reply.id).exec())?.server_modified === 'string');

    // The same write again, as after a lost answer.
    const push = createPushHandler({
      spec: TABLE_SPECS.posts,
      remote: supabaseTable(bob.client, 'posts'),
      db,
      schema: db.posts.schema.jsonSchema as never,
      isStopped: () => false,
    });
    const conflicts = await push([{ newDocumentState: { ...reply.toJSON(), server_modified: null, _deleted: false } as never, assumedMasterState: undefined }]);
    expect(conflicts).toEqual([]);
    expect(await postCount(reply.id)).toBe(1);
    expect(await db.drafts.count().exec()).toBe(0);
  });

  it('a reply to a locked thread and a post as someone else become drafts; the rest of the batch lands', async () => {
    const locked = await startThread(alice);
    const open = await startThread(alice);
    const db = await device();
    const first = sync(db, bob.client, bob.id);
    await first.ensureThread(locked);
    await first.ensureThread(open);
    await first.stop();

    // Written offline, while a moderator (the author here) locks the thread.
    const toLocked = await insertLocal(db, 'posts', { discussion_id: locked, user_id: bob.id, content: 'Too late?', is_solution: false });
    const impersonating = await insertLocal(db, 'posts', { discussion_id: open, user_id: alice.id, content: 'I am alice', is_solution: false });
    const fine = await insertLocal(db, 'posts', { discussion_id: open, user_id: bob.id, content: 'This one lands', is_solution: false });
    const { error } = await alice.client.from('discussions').update({ is_locked: true }).eq('id', locked);
    expect(error).toBeNull();

    const s = sync(db, bob.client, bob.id);
    await until(async () => (await db.outbox.find({ selector: { state: 'waiting' } }).exec()).length === 0);
    await s.awaitInSync();

    expect(await postCount(fine.id)).toBe(1);
    expect(await postCount(toLocked.id)).toBe(0);
    expect(await postCount(impersonating.id)).toBe(0);
    expect(await db.posts.findOne(toLocked.id).exec()).toBeNull();
    const lockedDraft = await db.drafts.findOne(`rejected:posts:${toLocked.id}`).exec();
    expect(lockedDraft).toMatchObject({ kind: 'rejected', key: locked, content: 'Too late?', reason: LOCKED });
    const rlsDraft = await db.drafts.findOne(`rejected:posts:${impersonating.id}`).exec();
    expect(rlsDraft?.reason).toBe('You can only post as yourself.');
    expect((await db.outbox.findOne(`posts:${fine.id}`).exec())?.state).toBe('sent');
  });

  it('the same post edited on two offline devices converges and keeps the losing text as a draft', async () => {
    const thread = await startThread(alice);
    const postId = randomUUID();
    const { error } = await alice.client.from('posts').insert({ id: postId, discussion_id: thread, user_id: alice.id, content: 'first version' });
    expect(error).toBeNull();
    const phone = await device();
    const laptop = await device();
    for (const db of [phone, laptop]) {
      const s = sync(db, alice.client, alice.id);
      await s.ensureThread(thread);
      await s.stop();
    }
    await editPost(phone, postId, 'edited on the phone');
    await editPost(laptop, postId, 'edited on the laptop');

    const phoneSync = sync(phone, alice.client, alice.id);
    await until(async () => (await phone.outbox.findOne(`posts:${postId}`).exec())?.state === 'sent');
    const laptopSync = sync(laptop, alice.client, alice.id);
    await until(async () => (await laptop.outbox.findOne(`posts:${postId}`).exec())?.state === 'conflict');
    await laptopSync.awaitInSync();
    phoneSync.resync();
    await phoneSync.awaitInSync();

    const server = (await serviceClient().from('posts').select('content').eq('id', postId).single()).data;
    expect(server?.content).toBe('edited on the phone');
    await until(async () => (await laptop.posts.findOne(postId).exec())?.content === 'edited on the phone');
    expect((await phone.posts.findOne(postId).exec())?.content).toBe('edited on the phone');
    const draft = await laptop.drafts.findOne(`conflict:posts:${postId}`).exec();
    expect(draft).toMatchObject({ kind: 'conflict', content: 'edited on the laptop', reason: SYNC_MESSAGES.conflict });
    expect(await phone.drafts.count().exec()).toBe(0);
  });

  it('a visitor pulls public data and notifications stay with their member', async () => {
    const thread = await startThread(alice);
    const db = await device();
    const s = startSync({
      db,
      client: serviceClient(),
      userId: null,
      realtime: false,
      waitForLeadership: false,
      collections: ['discussions', 'notifications'],
    });
    syncs.push(s);
    await s.awaitInSync();
    expect(await db.discussions.findOne(thread).exec()).not.toBeNull();
    expect(s.states.notifications).toBeUndefined();
    // A visitor's push side only holds local writes for a member replication (unit: db-pull, auth-own-profile).
  });

  it('signing in after browsing as a visitor pushes none of the rows the visitor pulled', async () => {
    const thread = await startThread(bob);
    const postId = randomUUID();
    const { error } = await bob.client.from('posts').insert({ id: postId, discussion_id: thread, user_id: bob.id, content: 'Seen before signing in.' });
    if (error) throw error;
    const db = await device();
    const visitor = sync(db, alice.client, null);
    await visitor.ensureThread(thread);
    await visitor.awaitInSync();
    await visitor.stop();

    // Posts replicate per identity: the member's replication has no record of what the visitor's pulled.
    const member = sync(db, alice.client, alice.id);
    await member.awaitInSync();
    expect((await db.posts.findOne(postId).exec())?.content).toBe('Seen before signing in.');
    expect((await db.drafts.find().exec()).map((d) => d.reason)).toEqual([]);
  });

  it('a replication stopped while writing its first pull leaves nothing the next one pushes back or reverts', async () => {
    const thread = await startThread(bob);
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const id = randomUUID();
      ids.push(id);
      const { error } = await bob.client.from('posts').insert({ id, discussion_id: thread, user_id: bob.id, content: `Set tip ${i}` });
      if (error) throw error;
    }
    const db = await device();
    const visitor = sync(db, alice.client, null);
    void visitor.ensureThread(thread).catch(() => undefined);
    await until(async () => (await db.posts.findByIds(ids).exec()).size > 0, 10_000);
    // Signing in stops the visitor's replication, possibly between its write of the rows and its record of the server's state.
    await visitor.stop();
    const member = sync(db, alice.client, alice.id);
    await member.awaitInSync();
    expect((await db.drafts.find().exec()).map((d) => d.reason)).toEqual([]);
    expect((await db.posts.findByIds(ids).exec()).size).toBe(30);
  });

  it('the live stream brings a new discussion at once or with one coalesced pull', async () => {
    const db = await device();
    const s = sync(db, alice.client, alice.id, { realtime: true });
    await s.awaitInSync();
    // Let the channel subscribe (its first SUBSCRIBED triggers one resync).
    await new Promise((r) => setTimeout(r, 1500));
    await s.awaitInSync();
    const pullsBefore = pullCount(s);
    const started = Date.now();
    const id = await startThread(bob, 'live one');
    await until(async () => (await db.discussions.findOne(id).exec()) !== null, 10_000);
    // The community message carries the header when its window is open; else the pull it prompts brings it.
    expect(Date.now() - started).toBeLessThan(LIVE_PULL_DELAY_MS + 2_000);
    expect(pullCount(s) - pullsBefore).toBeLessThanOrEqual(1);
  });
});

/** RESYNC-driven pulls run the pull handler; stream deliveries do not. */
function pullCount(s: SyncHandle): number {
  return s.states.discussions?.internalReplicationState?.stats.down.downstreamResyncOnce ?? -1;
}
