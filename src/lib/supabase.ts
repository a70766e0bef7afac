import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { env } from './env';
import { AUTH_STORAGE_KEY } from './shell-constants';

/**
 * The one backend client of the app. The session persists in local storage so
 * a member stays signed in offline; the library refreshes the token itself.
 * createClient refuses an empty key, so a build made without one (a static
 * preview) gets a placeholder the gateway will reject; public screens still
 * render from the local store.
 */
export const supabase: SupabaseClient = createClient(env.supabaseUrl, env.supabaseAnonKey || 'missing-anon-key', {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    storageKey: AUTH_STORAGE_KEY,
  },
});
