import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import type { RxStorage } from 'rxdb';
import { describe, expect, it } from 'vitest';
import { createAppDatabase } from '@/db/database';
import { getAppStorage } from '@/db/app-storage';
import { startSync } from '@/db/replication/sync';
import { anonClient, newMember, withDb } from '../support/clients';

/** `rows` activities of one member, written by one statement: moments apart, as an import writes them. */
function writeActivities(memberId: string, rows: number) {
  return withDb((pg) =>
    pg.query(`insert into public.user_activities (user_id, activity_type, created_at) select $1, 'updated_profile', now() from generate_series(1, $2::int)`, [
      memberId,
      rows,
    ]),
  );
}

/** A device that has never synced, on the app storage. */
function emptyDevice() {
  return createAppDatabase({
    name: `p${randomUUID().replace(/-/g, '').slice(0, 12)}`,
    storage: getAppStorage({ indexedDB, IDBKeyRange }) as RxStorage<unknown, unknown>,
    multiInstance: false,
    only: ['user_activities', 'pinned', 'discussions', 'posts'],
  });
}

describe('a first pull of many pages, through PostgREST into the app storage', () => {
  it('stores every row, and the replication reads back what it stored in batches that end', async () => {
    const member = await newMember('pages');
    // Rows the visitor's pull takes (the recent activity feed), all of this member, written at once: they share
    // one `_modified`, and each page RxDB stores shares one lwt.
    const rows = 3500;
    await writeActivities(member.id, rows);
    const db = await emptyDevice();
    const sync = startSync({ db, client: anonClient(), userId: null, collections: ['user_activities'], realtime: false, waitForLeadership: false });
    try {
      await sync.states.user_activities!.awaitInitialReplication();
      expect(await db.user_activities.count({ selector: { user_id: member.id } }).exec()).toBe(rows);
    } finally {
      await sync.stop();
      await db.close();
      await withDb((pg) => pg.query('delete from public.user_activities where user_id = $1', [member.id]));
    }
  }, 60_000);

  it("reads no ids again once caught up when the database's clock shows every row was committed before the first page", async () => {
    const member = await newMember('pagesclock');
    const rows = 2500;
    await writeActivities(member.id, rows);
    // The rows are older than a 1 s window by the time the pull begins, as a community's rows are older than 10 s.
    const overlapMs = 1000;
    await new Promise((resolve) => setTimeout(resolve, overlapMs + 500));
    const requests: string[] = [];
    const client = anonClient({
      fetch: (input, init) => {
        requests.push(decodeURIComponent(String(input instanceof Request ? input.url : input)));
        return fetch(input, init);
      },
    });
    const db = await emptyDevice();
    const sync = startSync({ db, client, userId: null, collections: ['user_activities'], realtime: false, waitForLeadership: false, overlapMs });
    try {
      await sync.states.user_activities!.awaitInitialReplication();
      expect(await db.user_activities.count({ selector: { user_id: member.id } }).exec()).toBe(rows);
      expect(requests.some((url) => url.includes('/rpc/server_time'))).toBe(true);
      // Each id read asks for up to 1,000 ids: reading ours again took three. Another test's rows written at the
      // moment the pull began may still take one.
      expect(requests.filter((url) => url.includes('/user_activities?') && url.includes('select=id,_modified')).length).toBeLessThanOrEqual(1);
    } finally {
      await sync.stop();
      await db.close();
      await withDb((pg) => pg.query('delete from public.user_activities where user_id = $1', [member.id]));
    }
  }, 60_000);
});
