import type { FastifyRequest } from 'fastify';
import type { GatewayContext } from '../context';
import { bearerToken, JwtError, type Claims } from '../jwt';
import { STORAGE_MESSAGES, storageErrors } from './errors';

/**
 * The caller's verified claims. Like Supabase Storage, the bearer token decides who acts;
 * the `apikey` header stands in when no Authorization header is sent. With neither, Supabase's API gateway
 * still hands Storage an empty Authorization header, so its answer is the token check failing on an empty
 * token (403 `Unauthorized` "Invalid Compact JWS"), not a missing-header error.
 */
export async function callerClaims(ctx: GatewayContext, request: FastifyRequest): Promise<Claims> {
  const header = request.headers.apikey;
  const token = bearerToken(request.headers.authorization) ?? (Array.isArray(header) ? header[0] : header);
  if (!token) throw storageErrors.accessDenied(STORAGE_MESSAGES.invalidCompactJws);
  try {
    return await ctx.jwt.verify(token);
  } catch (err) {
    if (err instanceof JwtError) throw storageErrors.invalidJwt(err.message);
    throw err;
  }
}

/** The owner columns of a row written by this caller: a user id for members, nothing for keys. */
export function ownerOf(claims: Claims): string | null {
  return claims.role === 'authenticated' && claims.sub ? claims.sub : null;
}
