import { corsHeaders } from './cors.ts';

/** A JSON answer with CORS headers, so browsers can read it. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', ...headers },
  });
}

/** An error answer in the `{ error }` shape the app's function callers read. */
export function jsonError(status: number, message: string): Response {
  return json({ error: message }, status);
}
