import type { FastifyError, FastifyInstance } from 'fastify';
import pg from 'pg';
import type { GatewayContext } from '../context';
import { registerBucketRoutes } from './buckets';
import type { StorageDeps } from './deps';
import { fromDatabaseError, sendStorageError, StorageHttpError, storageErrors } from './errors';
import { FileStore } from './files';
import { loadGlobalFileSizeLimit } from './limits';
import { registerObjectRoutes } from './objects';
import { registerRenderRoutes } from './render';
import { registerSignedUrlRoutes } from './signed-urls';
import { SignedUrlTokens } from './tokens';

export { STORAGE_MESSAGES } from './errors';

/**
 * `/storage/v1`: the Supabase Storage API that storage-js calls. Rows live in `storage.buckets` /
 * `storage.objects` and are read and written as the caller, so the project's policies decide;
 * files live under `<localDir>/storage/<bucket>/<name>`.
 */
export default async function storagePlugin(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  const store = new FileStore(ctx.config.localDir);
  await store.clearTemp();
  const deps: StorageDeps = {
    ctx,
    store,
    globalFileSizeLimit: loadGlobalFileSizeLimit(ctx.config.supabaseDir),
    tokens: new SignedUrlTokens(ctx.keys.jwtSecret),
  };

  // Stored files are served with the type their uploader declared; a browser must not guess another one
  // (an HTML or script body uploaded as an image would otherwise run on the project's origin).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
  });

  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
    if (err instanceof StorageHttpError) return sendStorageError(reply, err);
    if (err instanceof pg.DatabaseError) {
      const mapped = fromDatabaseError(err);
      if (mapped.statusCode >= 500) console.error(`[storage] ${request.method} ${request.url}:`, err);
      return sendStorageError(reply, mapped);
    }
    // Fastify refuses some malformed Content-Type headers before any route runs; answer them as the
    // upload's own type check does, naming the type.
    if ((err as FastifyError).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendStorageError(reply, storageErrors.invalidMimeType(String(request.headers['content-type'] ?? '')));
    }
    const status = (err as FastifyError).statusCode;
    if (status && status < 500) {
      return reply.code(status).send({ statusCode: String(status), error: err.name, message: err.message });
    }
    console.error(`[storage] ${request.method} ${request.url}:`, err);
    return sendStorageError(reply, storageErrors.internal());
  });

  registerBucketRoutes(app, deps);
  registerObjectRoutes(app, deps);
  registerSignedUrlRoutes(app, deps);
  registerRenderRoutes(app, deps);
}
