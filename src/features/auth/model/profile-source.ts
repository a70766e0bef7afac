import type { SupabaseClient } from '@supabase/supabase-js';
import { profilesTable } from '@/db/schemas/profiles';
import type { ProfileRow, ProfileUpdate } from './profile-types';

/**
 * Where the auth context reads and writes the member's own profile. The
 * default goes to the server; the data layer can hand in one backed by the
 * local store so a signed-in member keeps their profile offline.
 */
export type ProfileSource = {
  loadProfile: (userId: string) => Promise<ProfileRow | null>;
  /** `current` is the session's copy of the row: a local source seeds the store from it when the row is not on the device. */
  saveProfile: (userId: string, updates: ProfileUpdate, current?: ProfileRow | null) => Promise<ProfileRow | null>;
};

/** Every column the app uses: the replication's list, which leaves out the server-only search vector. */
const COLUMNS = profilesTable.sync.readColumns;

/** PostgREST's "no rows" code: a member without a profile row is normal, not an error. */
const NO_ROWS = 'PGRST116';

export function serverProfileSource(client: SupabaseClient): ProfileSource {
  return {
    async loadProfile(userId) {
      const { data, error } = await client.from('profiles').select(COLUMNS).eq('id', userId).single();
      if (error) {
        if (error.code === NO_ROWS) return null;
        throw error;
      }
      // A column list held in a variable defeats supabase-js's type inference; the columns are ProfileRow's.
      return data as unknown as ProfileRow;
    },
    async saveProfile(userId, updates) {
      const { data, error } = await client.from('profiles').update(updates).eq('id', userId).select(COLUMNS).single();
      if (error) throw error;
      return data as unknown as ProfileRow;
    },
  };
}
