import { pulledKey } from '@/db/first-pull';
import { publicReadHeaders, restBase } from '@/db/server-read-paths';
import { DISCUSSIONS_EARLY_READS } from '@/features/discussions/model/server-reads';
import { EARLY_READ_ID, EARLY_READS_GLOBAL, type EarlyReadPlan } from '@/lib/early-reads';
import { SERVER_FIRST_SCREENS, STORE_FIRST_PARAMS } from '@/lib/first-screen';
import { AUTH_STORAGE_KEY } from '@/lib/shell-constants';

/**
 * What the page's inline early read needs, from the modules the app itself decides and reads with: whether a
 * launch reads the server first (no session, never pulled, not a link to one post) and the exact requests.
 * Evaluated at build time by the Vite plugin that writes the script into index.html.
 */
export function earlyReadPlan(supabaseUrl: string, anonKey: string): EarlyReadPlan {
  return {
    global: EARLY_READS_GLOBAL,
    base: restBase(supabaseUrl),
    headers: publicReadHeaders(anonKey),
    authKey: AUTH_STORAGE_KEY,
    storeParams: STORE_FIRST_PARAMS,
    screens: SERVER_FIRST_SCREENS.map(({ path, collections }) => ({ path: path.source, pulled: collections.map(pulledKey) })),
    idMarker: EARLY_READ_ID,
    reads: DISCUSSIONS_EARLY_READS,
  };
}
