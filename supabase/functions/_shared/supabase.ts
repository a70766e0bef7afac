import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { requireEnv } from './env.ts';

/** What a function answers (401) when the API refuses the caller's token. */
export const INVALID_TOKEN_MESSAGE = 'Your session token is invalid or has expired: sign in again.';

const serverAuth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/** A client with the service-role key: bypasses RLS, so use it only for writes the server itself vouches for. */
export function createServiceClient(): SupabaseClient {
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_SERVICE_ROLE_KEY'), { auth: serverAuth });
}

/** A client that acts as the caller of `req` (their bearer token), so RLS applies to them. */
export function createCallerClient(req: Request): SupabaseClient {
  const authorization = req.headers.get('Authorization') ?? `Bearer ${requireEnv('SUPABASE_ANON_KEY')}`;
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    auth: serverAuth,
    global: { headers: { Authorization: authorization } },
  });
}

/** The user behind the caller's token, or null for anonymous callers and invalid tokens. */
export async function callerUserId(req: Request): Promise<string | null> {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1];
  if (!token) return null;
  const { data, error } = await createServiceClient().auth.getUser(token);
  return error || !data.user ? null : data.user.id;
}
