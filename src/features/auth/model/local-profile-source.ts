import type { SupabaseClient } from '@supabase/supabase-js';
import type { ProfileDoc } from '@/db/schemas/profiles';
import { profileDocToRow } from './profile-doc';
import { serverProfileSource, type ProfileSource } from './profile-source';
import type { ProfileUpdate } from './profile-types';

// RxDB loads after the first screen, like supabase-js.
const getDatabase = () => import('@/db/database').then((m) => m.getDatabase());

/**
 * The member's own profile from the local store first (so it is there
 * offline and shows edits that are still queued), the server when the store
 * does not hold it yet. Saving writes locally; replication pushes it.
 */
export function localFirstProfileSource(client: () => Promise<SupabaseClient>): ProfileSource {
  return {
    async loadProfile(userId) {
      const db = await getDatabase();
      const doc = await db.profiles.findOne(userId).exec();
      if (doc) return profileDocToRow(doc.toMutableJSON() as ProfileDoc);
      return serverProfileSource(await client()).loadProfile(userId);
    },
    async saveProfile(userId, updates: ProfileUpdate) {
      const db = await getDatabase();
      const doc = await db.profiles.findOne(userId).exec();
      if (!doc) return serverProfileSource(await client()).saveProfile(userId, updates);
      const saved = await doc.incrementalPatch({ ...updates, updated_at: new Date().toISOString() } as Partial<ProfileDoc>);
      return profileDocToRow(saved.toMutableJSON() as ProfileDoc);
    },
  };
}
