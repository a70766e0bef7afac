import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { createPullHandler } from '@/db/replication/pull';
import { TABLE_SPECS } from '@/db/replication/tables';
import { startSync } from '@/db/replication/sync';
import { localFirstProfileSource } from '@/features/auth/model/local-profile-source';
import type { ProfileRow } from '@/features/auth/model/profile-types';
import { testDatabase } from './db-support/memory-db';
import { StubTable, stubRemotes } from './db-support/stub-remote';
import { deviceClosedAfterEach, stubSync, stubSyncOptions, until } from './db-support/sync';

const device = deviceClosedAfterEach();

function profileRow(id: string, username: string): ProfileRow {
  const ts = '2026-03-01T10:00:00.000Z';
  return {
    id,
    username,
    display_name: username,
    avatar_url: null,
    banner_url: null,
    bio: '',
    location: '',
    role: 'fan',
    genres: [],
    social_links: {},
    subscription_tier: 'free',
    monetization: null,
    signature: null,
    karma: 0,
    is_featured: false,
    followers_count: 0,
    following_count: 0,
    created_at: ts,
    updated_at: ts,
  };
}

/** A client the offline path must never touch. */
const unreachable = () => Promise.reject(new Error('the server was called')) as Promise<SupabaseClient>;
const idsOf = (docs: unknown[]) => docs.map((d) => (d as { id: string }).id);

describe("the signed-in member's own profile is on the device", () => {
  it("comes with a member's first pull, even when it is last in the checkpointed order", async () => {
    const db = (device.db = await testDatabase());
    const remote = new StubTable('profiles');
    for (let i = 0; i < 5; i += 1) remote.put({ ...profileRow(crypto.randomUUID(), `older_${i}`) });
    const me = crypto.randomUUID();
    remote.put({ ...profileRow(me, 'fresh_member') });
    const scope = (userId: string | null) => async () => ({ userId, now: Date.now() });

    const member = createPullHandler({ spec: TABLE_SPECS.profiles, remote, collection: db.profiles as never, scope: scope(me) });
    const first = await member(undefined, 2);
    expect(idsOf(first.documents)).toContain(me);
    // The checkpoint still follows the ordered page, so the rows in between are not skipped.
    expect(first.checkpoint?.id).not.toBe(me);
    expect(idsOf((await member(first.checkpoint, 2)).documents)).not.toContain(me);

    const visitor = createPullHandler({ spec: TABLE_SPECS.profiles, remote, collection: db.profiles as never, scope: scope(null) });
    expect(idsOf((await visitor(undefined, 2)).documents)).not.toContain(me);
  });

  it('an edit while the row is missing locally is queued on a copy seeded from the session, then pushes only the edit', async () => {
    const db = (device.db = await testDatabase());
    const me = crypto.randomUUID();
    const session = profileRow(me, 'offline_editor');
    const source = localFirstProfileSource(unreachable, async () => db);

    const saved = await source.saveProfile(me, { bio: 'Written on a train with no signal.' }, session);
    expect(saved?.bio).toBe('Written on a train with no signal.');
    expect((await db.profiles.findOne(me).exec())?.bio).toBe('Written on a train with no signal.');
    expect((await db.outbox.findOne(`profiles:${me}`).exec())?.state).toBe('waiting');

    // Back online: the server has the row as the session knew it.
    const { sync, table: tables } = stubSync(db, me, ['profiles']);
    device.sync = sync;
    const table = tables('profiles');
    table.put({ ...session });
    sync.resync();
    await until(async () => (await db.outbox.findOne(`profiles:${me}`).exec())?.state === 'sent');
    expect(table.updates).toEqual([{ id: me, patch: { bio: 'Written on a train with no signal.' } }]);
    expect(table.rows.get(me)).toMatchObject({ bio: 'Written on a train with no signal.', username: 'offline_editor' });
  });

  it('without a session copy nor a local row the edit goes to the server', async () => {
    const db = (device.db = await testDatabase());
    const source = localFirstProfileSource(unreachable, async () => db);
    await expect(source.saveProfile(crypto.randomUUID(), { bio: 'x' }, null)).rejects.toThrow('the server was called');
  });
});

describe('signing in on a device that replicated as a visitor', () => {
  it("pushes none of the rows the visitor pulled (others' rows were refused and removed from the device)", async () => {
    const db = (device.db = await testDatabase());
    const stubs = stubRemotes();
    const options = stubSyncOptions(db, stubs.remote);
    const others = Array.from({ length: 3 }, (_, i) => stubs.remote('profiles').put({ ...profileRow(crypto.randomUUID(), `other_${i}`) }));
    const me = crypto.randomUUID();
    stubs.remote('profiles').put({ ...profileRow(me, 'signing_in') });

    // Every insert the device attempts, refused or not (the stub answers 409 for rows it has).
    const table = stubs.remote('profiles');
    const attempted: string[] = [];
    const insert = table.insert.bind(table);
    table.insert = (row, returnRow) => {
      attempted.push(String(row.id));
      return insert(row, returnRow);
    };

    const visitor = startSync({ ...options, userId: null, collections: ['profiles'] });
    await visitor.awaitInSync();
    await visitor.stop();
    const sync = (device.sync = startSync({ ...options, userId: me, collections: ['profiles'] }));
    await sync.awaitInSync();
    await db.profiles
      .findOne(me)
      .exec()
      .then((doc) => doc!.incrementalPatch({ bio: 'signed in' }));
    await until(async () => (await db.outbox.findOne(`profiles:${me}`).exec())?.state === 'sent');

    expect(attempted).toEqual([]);
    expect(stubs.remote('profiles').updates).toEqual([{ id: me, patch: { bio: 'signed in' } }]);
    for (const other of others) expect((await db.profiles.findOne(String(other.id)).exec())?.username).toBe(other.username);
  });
});
