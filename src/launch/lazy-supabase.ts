import type { SupabaseClient } from '@supabase/supabase-js';
import { whenBackgroundWorkMayStart } from './first-screen';
import { importWhenOnline } from '@/lib/import-when-online';

/**
 * The backend client, loaded on first use and never before the first screen
 * has painted, so supabase-js stays out of the first screen's JavaScript.
 * A visitor's shared link read from the server waits, like the store, for the
 * quiet spell or the first tap or key: nothing on that screen needs the client
 * before (the visitor is known to be signed out), and loading it would cost
 * the phone's main thread while the page is read.
 */
export function getSupabase(): Promise<SupabaseClient> {
  return whenBackgroundWorkMayStart()
    .then(() => importWhenOnline(() => import('@/lib/supabase')))
    .then((m) => m.supabase);
}
