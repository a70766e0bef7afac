import type { FastifyRequest } from 'fastify';
import type { GatewayContext } from '../context';
import type { AuthLimiters } from './limits';
import type { Mailer } from './mailer';
import type { PkceFlows } from './pkce';
import type { Reauthentications } from './reauthentication';
import type { RequestInfo } from './sessions';

/** What every auth route needs: the gateway context plus the auth server's own in-memory state. */
export interface AuthDeps {
  ctx: GatewayContext;
  mailer: Mailer;
  pkce: PkceFlows;
  limits: AuthLimiters;
  reauth: Reauthentications;
}

/** The key per-IP budgets count under (the socket's address: forwarded-for headers are not trusted). */
export const clientIp = (req: FastifyRequest): string => req.ip || 'unknown';

export const requestInfo = (req: FastifyRequest): RequestInfo => ({
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
  ip: req.ip,
});

/** `redirect_to` from the query string (supabase-js puts it there for every call that sends mail). */
export function redirectParam(req: FastifyRequest): string | undefined {
  const value = (req.query as Record<string, unknown> | undefined)?.redirect_to;
  return typeof value === 'string' && value ? value : undefined;
}
