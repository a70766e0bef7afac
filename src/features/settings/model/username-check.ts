import type { AppDatabase } from '@/db/database';
import { getSupabase } from '@/launch/lazy-supabase';

/**
 * Whether another member already has this username: the local store first,
 * the server when reachable. Offline the server decides when the change syncs.
 */
export async function usernameTaken(db: AppDatabase | null, username: string, selfId: string): Promise<boolean> {
  if (db) {
    const other = await db.profiles.findOne({ selector: { username, id: { $ne: selfId } } }).exec();
    if (other) return true;
  }
  if (typeof navigator !== 'undefined' && !navigator.onLine) return false;
  try {
    const client = await getSupabase();
    const { data, error } = await client.rpc('username_available', { p_username: username });
    if (error) return false;
    return data === false;
  } catch {
    return false;
  }
}
