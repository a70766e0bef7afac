import type { FastifyRequest } from 'fastify';
import type { GatewayContext } from '../context';
import { bearerToken, JwtError, type Claims } from '../jwt';
import { AuthError, forbidden } from './errors';
import { ADMIN_ROLES, ErrorCodes, Messages } from './messages';
import { sessionExists } from './sessions';
import { findUserById, type UserRow } from './users';

const JWT_DETAIL: Record<JwtError['reason'], string> = {
  missing: 'token is malformed: token contains an invalid number of segments',
  malformed: 'token is malformed: could not parse the token',
  expired: 'token has invalid claims: token is expired',
  bad_signature: 'token signature is invalid: signature is invalid',
  unsupported_alg: 'token is unverifiable: signing method is invalid',
};

/** Verifies the bearer token: 401 `no_authorization` without one, 403 `bad_jwt` when forged, expired or `alg: none`. */
export async function requireClaims(ctx: GatewayContext, req: FastifyRequest): Promise<Claims> {
  const token = bearerToken(req.headers.authorization);
  if (!token) throw new AuthError(401, ErrorCodes.noAuthorization, Messages.noAuthorization);
  try {
    return await ctx.jwt.verify(token);
  } catch (err) {
    const detail = err instanceof JwtError ? JWT_DETAIL[err.reason] : 'token is malformed';
    throw forbidden(ErrorCodes.badJwt, Messages.badJwt(detail));
  }
}

export interface Caller {
  claims: Claims;
  user: UserRow;
  /** absent for tokens minted without a session (for example by tests with the JWT secret) */
  sessionId?: string;
}

/**
 * GoTrue's requireAuthentication: a valid token whose user exists and whose
 * session (when the token names one) has not been signed out.
 */
export async function requireUser(ctx: GatewayContext, req: FastifyRequest): Promise<Caller> {
  const claims = await requireClaims(ctx, req);
  if (!claims.sub) throw forbidden(ErrorCodes.badJwt, Messages.missingSub);
  if (!/^[0-9a-f-]{36}$/i.test(claims.sub)) throw forbidden(ErrorCodes.badJwt, Messages.badJwt('invalid sub claim'));
  const user = await findUserById(ctx.authDb, claims.sub);
  if (!user || user.deleted_at) throw forbidden(ErrorCodes.userNotFound, Messages.userFromSubMissing);
  const sessionId = typeof claims.session_id === 'string' && claims.session_id ? claims.session_id : undefined;
  if (sessionId) {
    const valid = /^[0-9a-f-]{36}$/i.test(sessionId) && (await sessionExists(ctx.authDb, sessionId));
    if (!valid) throw forbidden(ErrorCodes.sessionNotFound, Messages.sessionFromJwtMissing);
  }
  return { claims, user, sessionId };
}

/** Admin endpoints take the service-role key (or a token with an admin role). */
export async function requireAdmin(ctx: GatewayContext, req: FastifyRequest): Promise<Claims> {
  const claims = await requireClaims(ctx, req);
  if (!ADMIN_ROLES.includes(claims.role)) throw forbidden(ErrorCodes.notAdmin, Messages.notAdmin);
  return claims;
}
