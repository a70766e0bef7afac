import type { FastifyRequest } from 'fastify';
import type { GatewayContext } from './context';
import { bearerToken } from './jwt';

export type ApiKeyCheck = { ok: true } | { ok: false; status: number; message: string; hint?: string };

/**
 * Like Supabase's gateway, REST and auth calls need an `apikey` (header or query):
 * the anon or service-role key, or any token this project signed.
 */
export async function checkApiKey(req: FastifyRequest, ctx: GatewayContext): Promise<ApiKeyCheck> {
  const header = req.headers.apikey;
  const query = (req.query as Record<string, unknown> | undefined)?.apikey;
  const key = (Array.isArray(header) ? header[0] : header) ?? (typeof query === 'string' ? query : undefined) ?? bearerToken(req.headers.authorization);
  if (!key) {
    if (!ctx.config.requireApiKey) return { ok: true };
    return { ok: false, status: 401, message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' };
  }
  if (key === ctx.keys.anonKey || key === ctx.keys.serviceRoleKey) return { ok: true };
  try {
    await ctx.jwt.verify(key);
    return { ok: true };
  } catch {
    return { ok: false, status: 401, message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' };
  }
}

/**
 * The query string PostgREST gets for the request at `url`: its own, without the `apikey` parameter. Supabase's
 * gateway takes the key from the query as well as from the header and hides it from the API behind it;
 * PostgREST would read it as a filter on a column named `apikey` and refuse the request. The rest of the query
 * is passed on byte for byte.
 */
export function queryWithoutApiKey(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return '';
  return url
    .slice(start + 1)
    .split('&')
    .filter((part) => part !== '' && part.split('=')[0] !== 'apikey')
    .join('&');
}
