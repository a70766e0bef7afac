import { profilesSchema, type ProfileDoc } from '@/db/schemas/profiles';
import { userContentSchema, type UserContentDoc } from '@/db/schemas/user-content';
import { readServerRowsWithList, sharedServerRead } from '@/launch/server-first';
import { serverRowsWithPath } from '@/launch/server-read-paths';
import { EARLY_READ_ID } from '@/launch/early-reads';
import { screenReadsServerFirst } from '@/launch/first-screen';
import { getSupabase } from '@/launch/lazy-supabase';

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

/** A profile and its public content as the server has them; `profile` null when no member has that username. */
export type ServerProfile = { profile: ProfileDoc | null; content: UserContentDoc[] };

/** Whether a profile screen opening now reads the server first: the device never pulled profiles or content. */
export function profileReadsServerFirst(username: string): boolean {
  return screenReadsServerFirst(`/profile/${encodeURIComponent(username)}`);
}

const CONTENT = { as: 'content', collection: 'user_content', schema: userContentSchema } as const;

/** The profile with its public content, newest first as the content tab lists it: the whole first screen in one round trip. */
const profileFilter = (username: string) => `username=eq.${username}&content.is_public=eq.true&content._deleted=is.false&content.order=created_at.desc`;

/**
 * The request a profile starts with, on the path of its screen (the username is the captured group, lower-cased
 * as the screen reads it): the page's early read sends the same one before the app has loaded.
 */
export const PROFILE_EARLY_READ = {
  path: '^/profile/([^/]+)/?$',
  requests: [serverRowsWithPath('profiles', CONTENT, profileFilter(EARLY_READ_ID))],
  lowerCaseId: true,
};

async function readProfile(username: string): Promise<ServerProfile> {
  const rows = await readServerRowsWithList<ProfileDoc, UserContentDoc>('profiles', profilesSchema, CONTENT, profileFilter(encodeURIComponent(username)));
  const found = rows[0];
  return found ? { profile: found.doc, content: found.embedded } : { profile: null, content: [] };
}

/** The profile read straight from the server (a plain fetch, no supabase-js), shared between the route's loader and the screen. */
export function serverProfile(username: string): Promise<ServerProfile> {
  const name = username.toLowerCase();
  return sharedServerRead(`profile:${name}`, () => readProfile(name));
}
