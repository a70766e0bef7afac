import type { SupabaseClient } from '@supabase/supabase-js';
import type { ReplicatedCollectionName } from '@/db/collections';
import type { AppDatabase } from '@/db/database';
import { startSync, type SyncHandle } from '@/db/replication/sync';
import { stubRemotes } from './stub-remote';

/** Replication against stub tables: no realtime, no leader election, fast retries. */
export function stubSync(db: AppDatabase, userId: string | null, collections: ReplicatedCollectionName[]) {
  const stubs = stubRemotes();
  const sync: SyncHandle = startSync({
    db,
    // Never used: every table goes through the stub remote and realtime is off.
    client: {} as SupabaseClient,
    userId,
    collections,
    remote: stubs.remote,
    realtime: false,
    waitForLeadership: false,
    retryBaseMs: 20,
    pullRetryMs: 50,
  });
  return { sync, table: stubs.remote };
}

export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 8000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
