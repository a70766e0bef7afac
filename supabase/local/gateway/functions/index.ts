import { existsSync, watch, type FSWatcher } from 'node:fs';
import { stat } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { isAbsolute, join, resolve } from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../context';
import { drainBody } from '../drain';
import { bearerToken } from '../jwt';
import { startDenoFunction, type RunningFunction } from './deno';
import { FUNCTION_MESSAGES } from './messages';

export { FUNCTION_MESSAGES };

/** Largest request body a function receives. */
export const FUNCTION_BODY_LIMIT = 10 * 1024 * 1024;
export const FUNCTION_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);

/** `<supabaseDir>/functions`, or `SUPABASE_FUNCTIONS_DIR` (relative to the repository) so tests can serve fixtures. */
export function functionsDir(ctx: GatewayContext): string {
  const override = process.env.SUPABASE_FUNCTIONS_DIR;
  if (!override) return join(ctx.config.supabaseDir, 'functions');
  return isAbsolute(override) ? override : resolve(ctx.config.rootDir, override);
}

/** The variables Supabase gives every function, and the project's extra keys where the environment has none. */
function functionEnv(ctx: GatewayContext): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  for (const [name, value] of Object.entries(ctx.keys.extra)) env[name] ??= value;
  return {
    ...env,
    SUPABASE_URL: ctx.config.apiUrl,
    SUPABASE_ANON_KEY: ctx.keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: ctx.keys.serviceRoleKey,
    SUPABASE_DB_URL: ctx.config.dbUrl,
  };
}

/**
 * The import map `supabase functions deploy` would use for `name`: `[functions.<name>] import_map`,
 * else the function's own deno.json(c) or import_map.json, else `<functions>/import_map.json`.
 */
export function functionImportMap(ctx: GatewayContext, dir: string, name: string): string | undefined {
  const configured = ctx.config.functions[name]?.importMap;
  if (configured) return configured;
  const own = ['deno.json', 'deno.jsonc', 'import_map.json'].map((file) => join(dir, name, file));
  return [...own, join(dir, 'import_map.json')].find((file) => existsSync(file));
}

class FunctionNotFound extends Error {}

/**
 * One Deno process per function, started on its first call and kept; any change under the
 * functions folder stops them all, so the next call runs the edited code.
 */
function createRunner(ctx: GatewayContext, dir: string) {
  const running = new Map<string, Promise<RunningFunction>>();
  const denoDir = process.env.DENO_DIR ?? join(ctx.config.rootDir, '.local', 'deno');
  const log = (line: string) => console.error(line);

  const stopAll = () => {
    for (const [name, started] of running) {
      running.delete(name);
      started.then(
        (fn) => fn.child.kill(),
        () => undefined,
      );
    }
  };

  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dir, { recursive: true }, () => stopAll());
  } catch {
    // no recursive watching on this platform: edits need a restart
  }

  const get = async (name: string): Promise<RunningFunction> => {
    const entry = join(dir, name, 'index.ts');
    const info = await stat(entry).catch(() => undefined);
    if (!info?.isFile()) throw new FunctionNotFound(name);
    let started = running.get(name);
    if (!started) {
      started = startDenoFunction({ name, entry, importMap: functionImportMap(ctx, dir, name), env: functionEnv(ctx), denoDir }, log);
      running.set(name, started);
      started.then(
        (fn) => {
          log(`[functions:${name}] started in Deno in ${Math.round(fn.startMs)} ms`);
          fn.child.once('exit', () => {
            if (running.get(name) === started) running.delete(name);
          });
        },
        () => {
          if (running.get(name) === started) running.delete(name);
        },
      );
    }
    return started;
  };

  return {
    get,
    close() {
      watcher?.close();
      stopAll();
    },
  };
}

/** Forwards the call to the function's process and streams its answer back as it comes. */
function forward(request: FastifyRequest, reply: FastifyReply, port: number, path: string): Promise<FastifyReply> {
  const headers: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_BY_HOP.has(key) || key === 'host' || key === 'content-length') continue;
    headers[key] = value;
  }
  const body = Buffer.isBuffer(request.body) ? request.body : undefined;
  if (body) headers['content-length'] = String(body.length);

  return new Promise((resolveReply, rejectReply) => {
    const upstream = httpRequest({ host: '127.0.0.1', port, method: request.method, path, headers }, (res: IncomingMessage) => {
      reply.code(res.statusCode ?? 502);
      for (const [key, value] of Object.entries(res.headers)) {
        if (value === undefined || HOP_BY_HOP.has(key) || key === 'content-length') continue;
        reply.header(key, value);
      }
      resolveReply(reply.send(res));
    });
    upstream.once('error', rejectReply);
    // A caller that goes away aborts the function's request signal, as on Supabase.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) upstream.destroy();
    });
    upstream.end(body);
  });
}

/**
 * `/functions/v1/<name>`: runs `supabase/functions/<name>/index.ts` (its default export, a web
 * `Request → Response` handler) in this process, with the environment and JWT check Supabase applies.
 */
export default async function functionsPlugin(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  const runner = createRunner(ctx, functionsDir(ctx));
  app.addHook('onClose', async () => runner.close());

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

    const entry = await stat(join(functionsDir(ctx), name, 'index.ts')).catch(() => undefined);
    if (!entry?.isFile()) return reply.code(404).send({ code: 'NOT_FOUND', message: FUNCTION_MESSAGES.notFound });

    // Browsers send preflights without credentials, so they reach the function unchecked, as on Supabase.
    if (request.method !== 'OPTIONS' && (ctx.config.functions[name]?.verifyJwt ?? true)) {
      const token = bearerToken(request.headers.authorization);
      if (!token) return reply.code(401).send({ code: 401, message: FUNCTION_MESSAGES.missingAuthorization });
      try {
        await ctx.jwt.verify(token);
      } catch {
        return reply.code(401).send({ code: 401, message: FUNCTION_MESSAGES.invalidJwt });
      }
    }

    let fn: RunningFunction;
    try {
      fn = await runner.get(name);
    } catch (err) {
      if (err instanceof FunctionNotFound) return reply.code(404).send({ code: 'NOT_FOUND', message: FUNCTION_MESSAGES.notFound });
      console.error(`[functions] ${name} failed to start:`, err);
      return reply.code(500).send({ error: FUNCTION_MESSAGES.crashed });
    }

    const rest = request.params['*'] ?? '';
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    // Supabase hands a function a URL whose path starts with the function's name.
    try {
      return await forward(request, reply, fn.port, `/${name}${rest ? `/${rest}` : ''}${query}`);
    } catch (err) {
      console.error(`[functions] ${name} did not answer:`, err);
      return reply.code(500).send({ error: FUNCTION_MESSAGES.crashed });
    }
  };

  app.all('/:name', invoke);
  app.all('/:name/*', invoke);
}
