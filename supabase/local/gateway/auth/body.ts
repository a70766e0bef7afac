import { z } from 'zod';
import { AuthError } from './errors';
import { ErrorCodes, Messages } from './messages';

/** JSON object fields clients send; `null` counts as absent, as in GoTrue's Go structs. */
export const optionalString = z.string().nullish();
export const optionalBool = z.boolean().nullish();
export const metadata = z.record(z.string(), z.unknown()).nullish();

/**
 * Parses a request body against `schema`, answering GoTrue's 400 `bad_json`
 * for anything that is not an object of the expected field types.
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const input = body === undefined || body === null ? {} : body;
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new AuthError(400, ErrorCodes.badJson, Messages.badJson('request body must be a JSON object'));
  }
  const result = schema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    const detail = issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid body';
    throw new AuthError(400, ErrorCodes.badJson, Messages.badJson(detail));
  }
  return result.data;
}

/** Parses a JSON request body text; an empty body is "no body" (supabase-js posts logout without one). */
export function parseJsonText(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new AuthError(400, ErrorCodes.badJson, Messages.badJson((err as Error).message));
  }
}
