import type { SupabaseClient } from '@supabase/supabase-js';
import type { AppDatabase } from '@/db/database';
import { loadDatabase } from '@/db/load-database';
import { importWhenOnline } from '@/lib/import-when-online';
import type { ProfileSource } from './profile-source';

/**
 * The member's own profile from the local store first (so it is there
 * offline and shows edits that are still queued), the server when the store
 * does not hold it yet. Saving writes locally; replication pushes it.
 *
 * The auth provider is part of the entry, but this source is first called once a
 * session is known: its code, and the store's write path that comes with it
 * (mutate, the outbox, the pending-insert hold), load then, not with every first
 * visit's entry. A load that failed is tried again at the next call.
 */
export function localFirstProfileSource(client: () => Promise<SupabaseClient>, getDatabase: () => Promise<AppDatabase> = loadDatabase): ProfileSource {
  let store: Promise<ProfileSource> | undefined;
  const loaded = () =>
    (store ??= importWhenOnline(() => import('./local-profile-store')).then(
      (m) => m.localProfileStore(client, getDatabase),
      (error: unknown) => {
        store = undefined;
        throw error;
      },
    ));
  return {
    loadProfile: async (userId) => (await loaded()).loadProfile(userId),
    saveProfile: async (userId, updates, current) => (await loaded()).saveProfile(userId, updates, current),
  };
}
