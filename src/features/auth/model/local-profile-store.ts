import type { SupabaseClient } from '@supabase/supabase-js';
import type { AppDatabase } from '@/db/database';
import { mutate } from '@/db/mutate';
import type { ProfileDoc } from '@/db/schemas/profiles';
import { AUTH_MESSAGES } from '../constants';
import { profileDocToRow, profileRowToDoc } from './profile-doc';
import { serverProfileSource, type ProfileSource } from './profile-source';
import type { ProfileRow, ProfileUpdate } from './profile-types';

/**
 * Puts the edit on the member's local profile document. When replication has
 * not brought that document to the device yet (it starts after the store
 * opens and leadership is settled), it is seeded from the session's copy so
 * the edit still queues offline. Push then merges onto the server's row: only
 * fields that differ from it are sent.
 */
async function patchLocally(db: AppDatabase, current: ProfileRow, patch: Partial<ProfileDoc>): Promise<ProfileDoc> {
  const edit = () => mutate(db, { op: 'update', collection: 'profiles', id: current.id, patch, missing: AUTH_MESSAGES.profileGone });
  if (await db.profiles.findOne(current.id).exec()) await edit();
  else {
    try {
      await mutate(db, { op: 'insert', collection: 'profiles', doc: { ...profileRowToDoc(current), ...patch } });
    } catch {
      // Replication wrote the row between the lookup and the insert: edit that one.
      await edit();
    }
  }
  return stored(db, current.id);
}

async function stored(db: AppDatabase, id: string): Promise<ProfileDoc> {
  const doc = await db.profiles.findOne(id).exec();
  if (!doc) throw new Error(AUTH_MESSAGES.profileGone);
  return doc.toMutableJSON() as ProfileDoc;
}

/** What localFirstProfileSource does, once its first call has loaded this module (and the store's write path with it). */
export function localProfileStore(client: () => Promise<SupabaseClient>, getDatabase: () => Promise<AppDatabase>): ProfileSource {
  return {
    async loadProfile(userId) {
      const db = await getDatabase();
      const doc = await db.profiles.findOne(userId).exec();
      if (doc) return profileDocToRow(doc.toMutableJSON() as ProfileDoc);
      return serverProfileSource(await client()).loadProfile(userId);
    },
    async saveProfile(userId, updates: ProfileUpdate, current) {
      const db = await getDatabase();
      const patch = { ...updates, updated_at: new Date().toISOString() } as Partial<ProfileDoc>;
      const seed = current?.id === userId ? current : null;
      if (seed) return profileDocToRow(await patchLocally(db, seed, patch));
      const doc = await db.profiles.findOne(userId).exec();
      // Without any copy of the row, seeding would push defaults over the member's real profile: only the server can apply it.
      if (!doc) return serverProfileSource(await client()).saveProfile(userId, updates);
      await mutate(db, { op: 'update', collection: 'profiles', id: userId, patch, missing: AUTH_MESSAGES.profileGone });
      return profileDocToRow(await stored(db, userId));
    },
  };
}
