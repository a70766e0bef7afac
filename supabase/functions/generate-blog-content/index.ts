import { preflight } from '../_shared/cors.ts';
import { json, jsonError } from '../_shared/json.ts';
import { serveWhenDeno } from '../_shared/runtime.ts';
import { callerUserId, createServiceClient } from '../_shared/supabase.ts';
import { AI_ERRORS, AI_TIMEOUT_MS, aiSettings, MAX_TOKENS, PROMPT_MAX_LENGTH, SYSTEM_PROMPT } from './settings.ts';

/**
 * Edge function `generate-blog-content`: `{ prompt }` ->
 * `{ generatedContent }` from an OpenAI-compatible chat-completions endpoint.
 * Admins only: the role is read from the database, not from the token.
 * When the model returns no text the answer has no generatedContent, and the
 * admin zone says 'No content received from AI.'
 */
export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return jsonError(405, 'Use POST with a JSON body.');

  const userId = await callerUserId(req);
  if (!userId) return jsonError(401, AI_ERRORS.signInRequired);
  const { data: profile } = await createServiceClient().from('profiles').select('role').eq('id', userId).maybeSingle();
  if ((profile as { role?: string } | null)?.role !== 'admin') return jsonError(403, AI_ERRORS.adminOnly);

  let prompt: string;
  try {
    const body = (await req.json()) as { prompt?: unknown };
    prompt = typeof body.prompt === 'string' ? body.prompt.trim() : '';
  } catch {
    return jsonError(400, 'The request body must be JSON.');
  }
  if (prompt === '') return jsonError(400, AI_ERRORS.promptRequired);
  if (prompt.length > PROMPT_MAX_LENGTH) return jsonError(400, AI_ERRORS.promptTooLong);

  const settings = aiSettings();
  if (!settings) return jsonError(503, AI_ERRORS.notConfigured);

  let upstream: Response;
  try {
    upstream = await fetch(`${settings.url}/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${settings.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        model: settings.model,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: prompt },
        ],
        max_tokens: MAX_TOKENS,
        temperature: 0.7,
      }),
      signal: AbortSignal.timeout(AI_TIMEOUT_MS),
    });
  } catch {
    return jsonError(502, AI_ERRORS.unreachable);
  }
  if (!upstream.ok) return jsonError(502, AI_ERRORS.upstream(upstream.status));

  let completion: { choices?: Array<{ message?: { content?: string | null } }> };
  try {
    completion = (await upstream.json()) as typeof completion;
  } catch {
    return jsonError(502, AI_ERRORS.upstream(upstream.status));
  }
  const text = completion.choices?.[0]?.message?.content?.trim();
  return json(text ? { generatedContent: text } : {});
}

serveWhenDeno(handler);
