import type { SupabaseClient } from '@supabase/supabase-js';

/** The backend client, loaded on first use so supabase-js stays out of the first screen's JavaScript. */
export function getSupabase(): Promise<SupabaseClient> {
  return import('./supabase').then((m) => m.supabase);
}
