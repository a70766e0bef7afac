import type { SupabaseClient } from '@supabase/supabase-js';
import type { ProfileRow, ProfileUpdate } from './profile-types';

/**
 * Where the auth context reads and writes the member's own profile. The
 * default goes to the server; the data layer can hand in one backed by the
 * local store so a signed-in member keeps their profile offline.
 */
export type ProfileSource = {
  loadProfile: (userId: string) => Promise<ProfileRow | null>;
  saveProfile: (userId: string, updates: ProfileUpdate) => Promise<ProfileRow | null>;
};

/** PostgREST's "no rows" code: a member without a profile row is normal, not an error. */
const NO_ROWS = 'PGRST116';

export function serverProfileSource(client: SupabaseClient): ProfileSource {
  return {
    async loadProfile(userId) {
      const { data, error } = await client.from('profiles').select('*').eq('id', userId).single();
      if (error) {
        if (error.code === NO_ROWS) return null;
        throw error;
      }
      return data as ProfileRow;
    },
    async saveProfile(userId, updates) {
      const { data, error } = await client.from('profiles').update(updates).eq('id', userId).select().single();
      if (error) throw error;
      return data as ProfileRow;
    },
  };
}
