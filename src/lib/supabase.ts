import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { pageAuthStorage, sharedAuthOptions } from './auth-storage';
import { deviceStorage } from './device-storage';
import { env } from './env';
import { AUTH_STORAGE_KEY } from './shell-constants';

/**
 * The one backend client of the app. The session persists on the device (shared with the service worker,
 * see auth-storage.ts) so a member stays signed in offline; the library refreshes the token itself.
 * createClient refuses an empty key, so a build made without one (a static
 * preview) gets a placeholder the gateway will reject; public screens still
 * render from the local store.
 */
export const supabase: SupabaseClient = createClient(env.supabaseUrl, env.supabaseAnonKey || 'missing-anon-key', {
  auth: {
    ...sharedAuthOptions(AUTH_STORAGE_KEY, pageAuthStorage(deviceStorage())),
    autoRefreshToken: true,
    detectSessionInUrl: true,
  },
});
