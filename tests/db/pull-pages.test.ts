import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import type { RxStorage } from 'rxdb';
import { describe, expect, it } from 'vitest';
import { createAppDatabase } from '@/db/database';
import { getAppStorage } from '@/db/app-storage';
import { startSync } from '@/db/replication/sync';
import { anonClient, newMember, withDb } from '../support/clients';

describe('a first pull of many pages, through PostgREST into the app storage', () => {
  it('stores every row, and the replication reads back what it stored in batches that end', async () => {
    const member = await newMember('pages');
    // Rows the visitor's pull takes (the recent activity feed), all of this member, written at once: they share
    // one `_modified`, and each page RxDB stores shares one lwt.
    const rows = 3500;
    await withDb((pg) =>
      pg.query(`insert into public.user_activities (user_id, activity_type, created_at) select $1, 'updated_profile', now() from generate_series(1, $2::int)`, [
        member.id,
        rows,
      ]),
    );
    const db = await createAppDatabase({
      name: `p${randomUUID().replace(/-/g, '').slice(0, 12)}`,
      storage: getAppStorage({ indexedDB, IDBKeyRange }) as RxStorage<unknown, unknown>,
      multiInstance: false,
      only: ['user_activities', 'pinned', 'discussions', 'posts'],
    });
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
});
