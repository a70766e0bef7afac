import { z } from 'zod';
import { AuthError } from './errors';
import { ErrorCodes, Messages } from './messages';

/** JSON object fields clients send; `null` counts as absent, as in GoTrue's Go structs. */
export const optionalString = z.string().nullish();
export const optionalBool = z.boolean().nullish();

/** A NUL, or half of a surrogate pair: JavaScript strings hold them, Postgres text and jsonb cannot. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function storableJson(value: unknown): boolean {
  if (typeof value === 'string') return !UNSTORABLE_TEXT.test(value);
  if (Array.isArray(value)) return value.every(storableJson);
  if (value && typeof value === 'object') return Object.entries(value).every(([key, inner]) => storableJson(key) && storableJson(inner));
  return true;
}

/** Marks a refinement whose failure is the caller's data, answered as `validation_failed` rather than `bad_json`. */
const INPUT_REFUSAL = { inputRefusal: true } as const;

/**
 * User or app metadata: an object whose text the database can store. A NUL or a lone surrogate would
 * make the insert fail (GoTrue's 500 "Database error saving new user"); it is the caller's input, so
 * it is refused up front with a 400 that says why.
 */
export const metadata = z.record(z.string(), z.unknown()).refine(storableJson, { message: Messages.unstorableMetadata, params: INPUT_REFUSAL }).nullish();

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
    if (issue?.code === 'custom' && issue.params?.inputRefusal === true) throw new AuthError(400, ErrorCodes.validationFailed, issue.message);
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
