import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach } from 'vitest';
import type { ReplicatedCollectionName } from '@/db/collections';
import type { AppDatabase } from '@/db/database';
import type { RemoteTable } from '@/db/replication/remote-table';
import { startSync, type StartSyncOptions, type SyncHandle } from '@/db/replication/sync';
import { stubRemotes } from './stub-remote';

/** Replication options against stub tables: no realtime, no leader election, fast retries. */
export function stubSyncOptions(db: AppDatabase, remote: (table: string) => RemoteTable): Omit<StartSyncOptions, 'userId'> {
  return {
    db,
    // Every table goes through the stub remote and realtime is off; the replication's one call of its own, the
    // database's clock, finds no server (the pulls then check late commits over the whole window).
    client: { rpc: () => Promise.resolve({ data: null, error: { message: 'no server in unit tests' } }) } as unknown as SupabaseClient,
    remote,
    realtime: false,
    waitForLeadership: false,
    retryBaseMs: 20,
    pullRetryMs: 50,
  };
}

/** Replication of `collections` against fresh stub tables, holding `rows` per table before it starts. */
export function stubSync(
  db: AppDatabase,
  userId: string | null,
  collections: ReplicatedCollectionName[],
  rows: Record<string, Record<string, unknown>[]> = {},
) {
  const stubs = stubRemotes();
  for (const [table, tableRows] of Object.entries(rows)) for (const row of tableRows) stubs.remote(table).put(row);
  const sync: SyncHandle = startSync({ ...stubSyncOptions(db, stubs.remote), userId, collections });
  return { sync, table: stubs.remote };
}

/** The device a test sets up; after each test its replication is stopped and its database closed. */
export function deviceClosedAfterEach(): { db?: AppDatabase; sync?: SyncHandle } {
  const device: { db?: AppDatabase; sync?: SyncHandle } = {};
  afterEach(async () => {
    await device.sync?.stop();
    await device.db?.close();
    device.sync = undefined;
    device.db = undefined;
  });
  return device;
}

export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 8000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
