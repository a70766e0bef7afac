import type { ProfileDoc } from '@/db/schemas/profiles';
import { getSupabase } from '@/lib/lazy-supabase';

export type ServerLookup = { kind: 'found'; profile: ProfileDoc } | { kind: 'missing' };

const COLUMNS =
  'id,username,display_name,avatar_url,banner_url,bio,location,role,genres,social_links,subscription_tier,monetization,signature,karma,is_featured,followers_count,following_count,created_at,updated_at';

/** Asks the server for a profile the local store does not hold (yet). Throws on failure. */
export async function fetchProfileByUsername(username: string): Promise<ServerLookup> {
  const client = await getSupabase();
  const { data, error } = await client.from('profiles').select(COLUMNS).eq('username', username).eq('_deleted', false).maybeSingle();
  if (error) throw error;
  return data ? { kind: 'found', profile: data as unknown as ProfileDoc } : { kind: 'missing' };
}

/** The signed-in member's own e-mail (never part of a public profile read). */
export async function fetchMyEmail(): Promise<string | null> {
  const client = await getSupabase();
  const { data, error } = await client.rpc('get_my_email');
  if (error) throw error;
  return typeof data === 'string' ? data : null;
}
