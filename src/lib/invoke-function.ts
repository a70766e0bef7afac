import type { SupabaseClient } from '@supabase/supabase-js';
import { getSupabase } from '@/lib/lazy-supabase';

/**
 * The message a member should see for a failed edge-function call. FunctionsHttpError carries the
 * Response: our functions answer `{ error }`, the gateway's token check answers `{ message }`.
 */
async function functionErrorMessage(error: { message: string; context?: unknown }): Promise<string> {
  const context = error.context as Response | undefined;
  if (context && typeof context.json === 'function') {
    try {
      const body = (await context.json()) as { error?: string; message?: string };
      return body.error ?? body.message ?? error.message;
    } catch {
      // not JSON: keep the library's message
    }
  }
  return error.message;
}

/**
 * Calls an edge function as the signed-in member (supabase-js sends their token) and throws an Error
 * with the function's own message when it fails. `client` lets tests pass a client of their own.
 */
export async function invokeFunction<T>(name: string, body: Record<string, unknown>, client?: SupabaseClient): Promise<T | null> {
  const supabase = client ?? (await getSupabase());
  const { data, error } = await supabase.functions.invoke<T>(name, { body });
  if (error) throw new Error(await functionErrorMessage(error));
  return data;
}
