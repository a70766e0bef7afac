import type { SupabaseClient } from '@supabase/supabase-js';
import { afterFirstScreen } from './first-screen';
import { importWhenOnline } from './import-when-online';

/**
 * The backend client, loaded on first use and never before the first screen
 * has painted, so supabase-js stays out of the first screen's JavaScript.
 */
export function getSupabase(): Promise<SupabaseClient> {
  return afterFirstScreen()
    .then(() => importWhenOnline(() => import('./supabase')))
    .then((m) => m.supabase);
}
