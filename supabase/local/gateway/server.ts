import type { Server } from 'node:http';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import cors from '@fastify/cors';
import proxy from '@fastify/http-proxy';
import authPlugin from './auth/index';
import storagePlugin from './storage/index';
import functionsPlugin from './functions';
import { realtimeHttp } from './realtime/http';
import { attachRealtime, type RealtimeServer } from './realtime/index';
import { startWebhookDelivery } from './webhooks';
import { checkApiKey, queryWithoutApiKey } from './api-key';
import type { GatewayContext } from './context';
import { drainBody, readBodyWithin } from './drain';
import { sendGatewayError } from './errors';
import { sendMaybeGzipped } from './gzip';

/** Largest body the REST proxy forwards; storage and functions set their own limits. */
export const REST_BODY_LIMIT = 10 * 1024 * 1024;

const CORS_HEADERS = [
  'authorization',
  'x-client-info',
  'apikey',
  'content-type',
  'content-profile',
  'accept-profile',
  'prefer',
  'range',
  'x-upsert',
  'cache-control',
  'x-metadata',
  'x-supabase-api-version',
  'x-region',
  'accept',
  'accept-encoding',
  'content-length',
  // postgrest-js retries reads after a network error with this header; refusing it failed every retry.
  'x-retry-count',
];

export interface Gateway {
  app: FastifyInstance;
  close(): Promise<void>;
}

type ServicePlugin = (app: FastifyInstance, ctx: GatewayContext) => Promise<void>;
const mount =
  (plugin: ServicePlugin, ctx: GatewayContext): FastifyPluginAsync =>
  async (app) =>
    plugin(app, ctx);

export async function startGateway(ctx: GatewayContext): Promise<Gateway> {
  const { config } = ctx;
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024, forceCloseConnections: true, return503OnClosing: true });

  const corsOptions = {
    origin: true,
    credentials: true,
    allowedHeaders: CORS_HEADERS,
    exposedHeaders: ['content-range', 'content-location', 'x-supabase-api-version', 'preference-applied', 'location', 'etag'],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    maxAge: 86400,
  };
  // A function answers its own preflights on Supabase (its CORS headers are its own), so those pass through.
  const functionsCors = { ...corsOptions, preflight: false };
  await app.register(cors, {
    delegator: (req, callback) => callback(null, req.url.startsWith('/functions/v1/') ? functionsCors : corsOptions),
  });

  // Before any error handler, the services' own included: a 413 answered mid-upload reaches the client as EPIPE.
  app.addHook('onError', async (req, _reply, err: Error & { statusCode?: number }) => {
    if (err.statusCode === 413) await drainBody(req.raw);
  });
  app.setErrorHandler(async (err: Error & { statusCode?: number }, _req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) console.error('[gateway]', err);
    // Never leak stack traces: the message of a 4xx is the client's problem, a 5xx stays generic.
    return sendGatewayError(reply, status, status >= 500 ? 'An unexpected error occurred' : err.message);
  });
  app.setNotFoundHandler((_req, reply) => sendGatewayError(reply, 404, 'no Route matched with those values'));

  app.get('/health', async () => ({ ok: true }));

  await app.register(
    async (rest) => {
      rest.addHook('onRequest', async (req, reply) => {
        const length = Number(req.headers['content-length'] ?? 0);
        if (length > REST_BODY_LIMIT) {
          await drainBody(req.raw);
          return sendGatewayError(reply, 413, 'Request body is too large');
        }
        const check = await checkApiKey(req, ctx);
        if (!check.ok) return sendGatewayError(reply, check.status, check.message, check.hint);
      });
      // Content-Length alone is not the limit: a chunked body has none. The proxy would stream
      // whatever arrives, so the body is read here, counted, and handed on only when it fits.
      rest.addHook('preParsing', async (req, _reply, payload) => {
        if (req.method === 'GET' || req.method === 'HEAD') return payload;
        const body = await readBodyWithin(payload, REST_BODY_LIMIT);
        return Readable.from([body]);
      });
      await rest.register(proxy, {
        upstream: `http://${config.host}:${config.postgrestPort}`,
        rewritePrefix: '',
        http: { requestOptions: { timeout: 60_000 } },
        replyOptions: {
          onResponse: sendMaybeGzipped,
          // The proxy only swaps the path's prefix: the query forwarded is the request's own.
          queryString: (_search: string | undefined, reqUrl: string) => queryWithoutApiKey(reqUrl),
          // PostgREST shows these to the database as request.headers; rate limits key visitors on
          // them, so they carry the address the gateway saw, never what the client claimed.
          rewriteRequestHeaders: (req, headers) => {
            const forwarded: Record<string, string | string[] | undefined> = { ...headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' };
            delete forwarded['cf-connecting-ip'];
            return forwarded;
          },
        },
      });
    },
    { prefix: '/rest/v1' },
  );

  await app.register(mount(authPlugin, ctx), { prefix: '/auth/v1' });
  await app.register(mount(storagePlugin, ctx), { prefix: '/storage/v1' });
  await app.register(mount(functionsPlugin, ctx), { prefix: '/functions/v1' });
  // Realtime's REST side; its WebSocket side attaches to the server once it listens.
  let realtime: RealtimeServer | null = null;
  await app.register(
    realtimeHttp(ctx, () => realtime),
    { prefix: '/realtime/v1' },
  );

  await app.listen({ host: config.host, port: config.apiPort });
  realtime = await attachRealtime(app.server as Server, ctx);
  const attached = realtime;
  const stopWebhooks = await startWebhookDelivery(ctx);

  return {
    app,
    async close() {
      await stopWebhooks();
      await attached.close();
      await app.close();
    },
  };
}
