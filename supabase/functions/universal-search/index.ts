import { preflight } from '../_shared/cors.ts';
import { json, jsonError } from '../_shared/json.ts';
import { serveWhenDeno } from '../_shared/runtime.ts';
import { createCallerClient, INVALID_TOKEN_MESSAGE } from '../_shared/supabase.ts';
import { searchRequestSchema } from './request.ts';

/**
 * Edge function `universal-search`:
 * `{ searchTerm, contentType?, page?, perPage? }` → `{ results, totalCount }`.
 * Runs the `universal_search` RPC as the caller (their token, or the anon key),
 * so the database's own visibility rules apply.
 */
export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return jsonError(405, 'Use POST with a JSON body.');

  let body: unknown;
  try {
    body = await req.json();
  } catch {
    return jsonError(400, 'The request body must be JSON.');
  }
  const parsed = searchRequestSchema.safeParse(body);
  if (!parsed.success) {
    return jsonError(400, parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '));
  }

  const { searchTerm, contentType, page, perPage } = parsed.data;
  const { data, error, status } = await createCallerClient(req).rpc('universal_search', {
    search_term: searchTerm,
    content_type: contentType,
    page,
    per_page: perPage,
  });
  // The API refused the caller's token (malformed, forged or expired): say so, not in PostgREST's words.
  if (status === 401) return jsonError(401, INVALID_TOKEN_MESSAGE);
  if (error) return jsonError(error.code === '22023' ? 400 : 500, error.message);
  const { results, totalCount } = data as { results: unknown[]; totalCount: number };
  return json({ results, totalCount });
}

serveWhenDeno(handler);
