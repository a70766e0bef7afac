import { describe, expect, it } from 'vitest';
import { mutate } from '@/db/mutate';
import { startSync } from '@/db/replication/sync';
import { testDatabase } from './db-support/memory-db';
import { stubRemotes } from './db-support/stub-remote';
import { deviceClosedAfterEach, stubSyncOptions } from './db-support/sync';

const device = deviceClosedAfterEach();

function discussion(title: string) {
  const at = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    user_id: crypto.randomUUID(),
    title,
    category: 'Events & Gigs',
    is_pinned: false,
    is_locked: false,
    created_at: at,
    last_activity_at: at,
    post_count: 0,
  };
}

describe('a page closed between storing pulled rows and recording their server state', () => {
  it('does not hold a visitor’s first sync open for good, and a write made on the device still waits for the member', async () => {
    const db = (device.db = await testDatabase());
    // What the pull leaves: the documents stored (below the document API, as replication writes), their server state not.
    const pulled = discussion('A thread pulled just before the page closed');
    const serverModified = new Date().toISOString();
    const write = await db.discussions.storageInstance.bulkWrite(
      [{ document: { ...pulled, server_modified: serverModified, _deleted: false, _attachments: {}, _rev: '1-pulled', _meta: { lwt: Date.now() } } as never }],
      'replication-down',
    );
    expect(write.error).toEqual([]);
    // A write made on this device (through the write path, so with its outbox record), waiting for a member's replication to send it.
    const mine = discussion('Written here, not sent yet');
    await mutate(db, { op: 'insert', collection: 'discussions', doc: mine });

    const stubs = stubRemotes();
    stubs.remote('discussions').put({ ...pulled, _modified: serverModified });
    const sync = (device.sync = startSync({ ...stubSyncOptions(db, stubs.remote), userId: null, collections: ['discussions'] }));
    const state = sync.states.discussions!;
    const upDone = () =>
      (
        state as unknown as { internalReplicationState?: { firstSyncDone: { up: { getValue(): boolean } } } }
      ).internalReplicationState?.firstSyncDone.up.getValue();
    // The pulled row is no write of the device's: the push side is done with it at once...
    const pulledSeen = await Promise.race([
      (async () => {
        for (;;) {
          const stored = await db.discussions.findOne(pulled.id).exec();
          const outbox = await db.outbox.findOne(`discussions:${mine.id}`).exec();
          if (stored && outbox?.state === 'waiting') return 'consistent';
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })(),
      new Promise((resolve) => setTimeout(() => resolve('timeout'), 4000)),
    ]);
    expect(pulledSeen).toBe('consistent');
    // ...while the device's own write is still held, never marked sent.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await db.outbox.findOne(`discussions:${mine.id}`).exec())?.state).toBe('waiting');
    expect(stubs.remote('discussions').inserts).toEqual([]);
    expect(upDone()).toBe(false);
  });

  it('lets a visitor’s first sync end when nothing was written on the device', async () => {
    const db = (device.db = await testDatabase());
    const pulled = discussion('A thread pulled just before the page closed');
    const serverModified = new Date().toISOString();
    await db.discussions.storageInstance.bulkWrite(
      [{ document: { ...pulled, server_modified: serverModified, _deleted: false, _attachments: {}, _rev: '1-pulled', _meta: { lwt: Date.now() } } as never }],
      'replication-down',
    );
    const stubs = stubRemotes();
    stubs.remote('discussions').put({ ...pulled, _modified: serverModified });
    const sync = (device.sync = startSync({ ...stubSyncOptions(db, stubs.remote), userId: null, collections: ['discussions'] }));
    const outcome = await Promise.race([sync.whenStoreReady().then(() => 'ready'), new Promise((resolve) => setTimeout(() => resolve('still syncing'), 4000))]);
    expect(outcome).toBe('ready');
    expect((await db.discussions.findOne(pulled.id).exec())?.title).toBe(pulled.title);
  });
});
