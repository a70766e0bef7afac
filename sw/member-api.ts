/// <reference lib="webworker" />
/**
 * The worker's own client, signed in as the member through the session the page stored (src/lib/auth-storage.ts):
 * it acts for them with every page closed, refreshing the token under the same lock as the page.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { sharedAuthOptions, workerAuthStorage } from '../src/lib/auth-storage';
import { env } from '../src/lib/env';
import { AUTH_STORAGE_KEY } from '../src/lib/shell-constants';

let client: SupabaseClient | null = null;

export function memberApi(): SupabaseClient {
  client ??= createClient(env.supabaseUrl, env.supabaseAnonKey || 'missing-anon-key', {
    // A worker wakes for moments: a timer refreshing in the background would keep it alive for nothing.
    auth: { ...sharedAuthOptions(AUTH_STORAGE_KEY, workerAuthStorage), autoRefreshToken: false, detectSessionInUrl: false },
  });
  return client;
}

/** The signed-in member's id, or null (signed out, or the session could not be refreshed). */
export async function memberId(): Promise<string | null> {
  const { data } = await memberApi().auth.getSession();
  return data.session?.user.id ?? null;
}
