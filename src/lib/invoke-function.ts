import type { SupabaseClient } from '@supabase/supabase-js';

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
 * with the function's own message when it fails. The caller passes the client (the app's, from
 * `getSupabase()`, or a test's), so this module loads no part of the launch.
 */
export async function invokeFunction<T>(client: SupabaseClient, name: string, body: Record<string, unknown>): Promise<T | null> {
  const { data, error } = await client.functions.invoke<T>(name, { body });
  if (error) throw new Error(await functionErrorMessage(error));
  return data;
}
