import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_VERSION_HEADER, AUTH_API_VERSION, ErrorCodes, Messages, type ErrorCode } from './messages';

/** An error GoTrue answers as `{ code, message }` (API 2024-01-01) or `{ code: status, error_code, msg }` (older clients). */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly weakPasswordReasons?: string[],
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

/** OAuth2-style errors (`{ error, error_description }`, always 400) that GoTrue keeps for a few token grant paths. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description || error);
    this.name = 'OAuthError';
  }
}

export const badRequest = (code: ErrorCode, message: string) => new AuthError(400, code, message);
export const forbidden = (code: ErrorCode, message: string) => new AuthError(403, code, message);
export const unprocessable = (code: ErrorCode, message: string) => new AuthError(422, code, message);
export const notFound = (code: ErrorCode, message: string) => new AuthError(404, code, message);

/** true when the client declared API version 2024-01-01 or later (supabase-js always does) */
function wantsDatedErrors(req: FastifyRequest): boolean {
  const raw = req.headers[API_VERSION_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return value >= AUTH_API_VERSION;
}

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
  message: string;
}

function normalize(err: unknown): AuthError | OAuthError {
  if (err instanceof AuthError || err instanceof OAuthError) return err;
  const e = err as FastifyLikeError;
  if (e && typeof e === 'object' && typeof e.code === 'string' && e.code.startsWith('FST_ERR_CTP')) {
    // Body-parser failures (bad content type, too large) are the client's fault, never a crash.
    return new AuthError(e.statusCode ?? 400, ErrorCodes.badJson, Messages.badJson(e.message));
  }
  if (e && typeof e === 'object' && typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return new AuthError(e.statusCode, ErrorCodes.validationFailed, e.message);
  }
  console.error('[auth]', err);
  return new AuthError(500, ErrorCodes.unexpectedFailure, Messages.unexpected);
}

export function sendAuthError(req: FastifyRequest, reply: FastifyReply, err: unknown): FastifyReply {
  const e = normalize(err);
  reply.header(API_VERSION_HEADER, AUTH_API_VERSION).type('application/json');
  if (e instanceof OAuthError) {
    return reply.code(400).send(e.description ? { error: e.error, error_description: e.description } : { error: e.error });
  }
  const extra = e.weakPasswordReasons ? { weak_password: { reasons: e.weakPasswordReasons } } : {};
  if (wantsDatedErrors(req)) return reply.code(e.status).send({ code: e.code, message: e.message, ...extra });
  return reply.code(e.status).send({ code: e.status, error_code: e.code, msg: e.message, ...extra });
}
