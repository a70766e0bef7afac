import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkApiKey } from '../api-key';
import type { GatewayContext } from '../context';
import { sendGatewayError } from '../errors';
import { parseJsonText } from './body';
import type { AuthDeps } from './deps';
import { notFound, sendAuthError } from './errors';
import { FailureBackoff, REQUEST_RATE_WINDOW_MS, WindowCounter, type AuthLimiters } from './limits';
import { Mailer } from './mailer';
import { API_VERSION_HEADER, AUTH_API_VERSION, ErrorCodes, Messages } from './messages';
import { PkceFlows } from './pkce';
import { Reauthentications } from './reauthentication';
import { registerAdminRoutes } from './routes/admin';
import { registerDisabledRoutes } from './routes/disabled';
import { registerMailRequestRoutes } from './routes/mail-requests';
import { registerSettingsRoutes } from './routes/settings';
import { registerSignupRoute } from './routes/signup';
import { registerTokenRoute } from './routes/token';
import { registerUserRoutes } from './routes/user';
import { registerVerifyRoutes } from './routes/verify';
import { ensureAmrTable } from './sessions';

/** Routes a browser opens without the project's key (Supabase's gateway leaves them open too). */
const OPEN_ROUTES = new Set(['/verify', '/callback', '/authorize', '/health', '/.well-known/jwks.json']);

function routePath(req: FastifyRequest, prefix: string): string {
  const path = req.url.split('?')[0];
  return path.startsWith(prefix) ? path.slice(prefix.length) || '/' : path;
}

/** `/auth/v1`: a GoTrue-compatible auth server, registered by the gateway under that prefix. */
export default async function authPlugin(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  await ensureAmrTable(ctx.authDb);
  const rate = ctx.config.auth.rateLimits;
  const limits: AuthLimiters = {
    signInSignUps: new WindowCounter(rate.signInSignUps, REQUEST_RATE_WINDOW_MS),
    tokenRefresh: new WindowCounter(rate.tokenRefresh, REQUEST_RATE_WINDOW_MS),
    verifications: new WindowCounter(rate.tokenVerifications, REQUEST_RATE_WINDOW_MS),
    failedSignInsFromAddress: new FailureBackoff(rate.failedSignInsPerAddress, REQUEST_RATE_WINDOW_MS),
    failedSignIns: new WindowCounter(rate.failedSignInsPerAccount, REQUEST_RATE_WINDOW_MS),
  };
  const sweeper = setInterval(() => Object.values(limits).forEach((c) => c.sweep()), 60_000);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  const deps: AuthDeps = {
    ctx,
    mailer: new Mailer(ctx.config.localDir, ctx.config.auth.emailRateLimitPerHour),
    pkce: new PkceFlows(),
    limits,
    reauth: new Reauthentications(),
  };

  // GoTrue reads any body as JSON whatever its content type; an empty body is no body (supabase-js logs out without one).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (req, text, done) => {
    const type = String(req.headers['content-type'] ?? '');
    try {
      if (type.startsWith('application/x-www-form-urlencoded')) {
        done(null, Object.fromEntries(new URLSearchParams(String(text))));
      } else {
        done(null, parseJsonText(String(text)));
      }
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header(API_VERSION_HEADER, AUTH_API_VERSION);
    if (req.method === 'OPTIONS' || OPEN_ROUTES.has(routePath(req, app.prefix))) return;
    const check = await checkApiKey(req, ctx);
    if (!check.ok) return sendGatewayError(reply, check.status, check.message, check.hint);
  });

  app.setErrorHandler((err, req, reply) => sendAuthError(req, reply, err));
  app.setNotFoundHandler((req, reply) => sendAuthError(req, reply, notFound(ErrorCodes.notFound, Messages.notFound)));

  registerSignupRoute(app, deps);
  registerTokenRoute(app, deps);
  registerUserRoutes(app, deps);
  registerVerifyRoutes(app, deps);
  registerMailRequestRoutes(app, deps);
  registerAdminRoutes(app, deps);
  registerSettingsRoutes(app, deps);
  registerDisabledRoutes(app, deps);
}
