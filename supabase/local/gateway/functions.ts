import { stat } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import WebSocket from 'ws';
import type { GatewayContext } from './context';
import { drainBody } from './drain';
import { bearerToken } from './jwt';

/** A function module's default export: one web Request in, one Response out, as under Deno. */
export type FunctionHandler = (req: Request) => Response | Promise<Response>;

/** What Supabase's edge runtime answers a CORS preflight with when a function does not handle it. */
const PREFLIGHT_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
};

/** Largest request body a function receives. */
export const FUNCTION_BODY_LIMIT = 10 * 1024 * 1024;
export const FUNCTION_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;

export const FUNCTION_MESSAGES = {
  notFound: 'Requested function was not found',
  missingAuthorization: 'Missing authorization header',
  invalidJwt: 'Invalid JWT',
  crashed: 'Function exited due to an error (please check logs)',
  tooLarge: 'Request body is larger than the 10 MB limit',
} as const;

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);

/** `<supabaseDir>/functions`, or `SUPABASE_FUNCTIONS_DIR` (relative to the repository) so tests can serve fixtures. */
export function functionsDir(ctx: GatewayContext): string {
  const override = process.env.SUPABASE_FUNCTIONS_DIR;
  if (!override) return join(ctx.config.supabaseDir, 'functions');
  return isAbsolute(override) ? override : resolve(ctx.config.rootDir, override);
}

/** The variables Supabase gives every function, and the project's extra keys where the environment has none. */
function provideFunctionEnv(ctx: GatewayContext): void {
  // Deno has a global WebSocket and Node 20 does not; supabase-js's realtime client refuses to start without one.
  const globals = globalThis as { WebSocket?: unknown };
  globals.WebSocket ??= WebSocket;
  Object.assign(process.env, {
    SUPABASE_URL: ctx.config.apiUrl,
    SUPABASE_ANON_KEY: ctx.keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: ctx.keys.serviceRoleKey,
    SUPABASE_DB_URL: ctx.config.dbUrl,
  });
  for (const [name, value] of Object.entries(ctx.keys.extra)) process.env[name] ??= value;
}

interface LoadedFunction {
  mtimeMs: number;
  handler: FunctionHandler;
}

class FunctionNotFound extends Error {}

/**
 * Imports `<dir>/<name>/index.ts` once, and again after the file changes (a query string makes a new
 * module URL), so editing a function during development needs no restart.
 */
function createLoader(dir: string) {
  const cache = new Map<string, LoadedFunction>();
  return async (name: string): Promise<FunctionHandler> => {
    const file = join(dir, name, 'index.ts');
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) throw new FunctionNotFound(name);
    const cached = cache.get(name);
    if (cached && cached.mtimeMs === info.mtimeMs) return cached.handler;
    const url = pathToFileURL(file).href + (cached ? `?v=${info.mtimeMs}` : '');
    const mod = (await import(url)) as { default?: unknown };
    if (typeof mod.default !== 'function') throw new Error(`${name}/index.ts has no default export handler`);
    const handler = mod.default as FunctionHandler;
    cache.set(name, { mtimeMs: info.mtimeMs, handler });
    return handler;
  };
}

function toWebRequest(request: FastifyRequest, name: string, rest: string, apiUrl: string, signal: AbortSignal): Request {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  // Supabase hands a function a URL whose path starts with the function's name.
  const url = new URL(`/${name}${rest ? `/${rest}` : ''}${query}`, apiUrl);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_BY_HOP.has(key)) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const body = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : undefined;
  return new Request(url, { method: request.method, headers, body, signal });
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  for (const [key, value] of response.headers) {
    if (HOP_BY_HOP.has(key) || key === 'set-cookie') continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeWebReadableStream<Uint8Array>));
}

/**
 * `/functions/v1/<name>`: runs `supabase/functions/<name>/index.ts` (its default export, a web
 * `Request → Response` handler) in this process, with the environment and JWT check Supabase applies.
 */
export default async function functionsPlugin(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  provideFunctionEnv(ctx);
  const load = createLoader(functionsDir(ctx));

  // Every body reaches the function untouched, whatever its content type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FUNCTION_BODY_LIMIT }, (_request, body, done) => done(null, body));

  // A declared oversize body is read to its end before answering: clients such as fetch report a reset
  // connection instead of the 413 when the server stops reading mid-upload.
  app.addHook('onRequest', async (request, reply) => {
    const declared = Number(request.headers['content-length']);
    if (!(declared > FUNCTION_BODY_LIMIT)) return;
    await drainBody(request.raw);
    return reply.code(413).send({ error: FUNCTION_MESSAGES.tooLarge });
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err.statusCode === 413) return reply.code(413).send({ error: FUNCTION_MESSAGES.tooLarge });
    if (err.statusCode && err.statusCode < 500) return reply.code(err.statusCode).send({ error: err.message });
    console.error(`[functions] ${request.method} ${request.url}:`, err);
    return reply.code(500).send({ error: FUNCTION_MESSAGES.crashed });
  });

  const invoke = async (request: FastifyRequest<{ Params: { name: string; '*'?: string } }>, reply: FastifyReply) => {
    const { name } = request.params;
    if (!FUNCTION_NAME_PATTERN.test(name)) return reply.code(404).send({ code: 'NOT_FOUND', message: FUNCTION_MESSAGES.notFound });
    if (request.method === 'OPTIONS') return reply.code(200).headers(PREFLIGHT_HEADERS).type('text/plain').send('ok');

    let handler: FunctionHandler;
    try {
      handler = await load(name);
    } catch (err) {
      if (err instanceof FunctionNotFound) return reply.code(404).send({ code: 'NOT_FOUND', message: FUNCTION_MESSAGES.notFound });
      console.error(`[functions] ${name} failed to load:`, err);
      return reply.code(500).send({ error: FUNCTION_MESSAGES.crashed });
    }

    if (ctx.config.functions[name]?.verifyJwt ?? true) {
      const token = bearerToken(request.headers.authorization);
      if (!token) return reply.code(401).send({ code: 401, message: FUNCTION_MESSAGES.missingAuthorization });
      try {
        await ctx.jwt.verify(token);
      } catch {
        return reply.code(401).send({ code: 401, message: FUNCTION_MESSAGES.invalidJwt });
      }
    }

    // A caller that goes away aborts the function's request signal, as on Supabase.
    const aborter = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) aborter.abort();
    });
    try {
      const response = await handler(toWebRequest(request, name, request.params['*'] ?? '', ctx.config.apiUrl, aborter.signal));
      if (!(response instanceof Response)) throw new Error(`${name} did not return a Response`);
      return await sendWebResponse(reply, response);
    } catch (err) {
      console.error(`[functions] ${name} threw:`, err);
      return reply.code(500).send({ error: FUNCTION_MESSAGES.crashed });
    }
  };

  app.all('/:name', invoke);
  app.all('/:name/*', invoke);
}
