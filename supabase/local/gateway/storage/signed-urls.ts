import type { FastifyInstance } from 'fastify';
import { callerClaims } from './auth';
import type { StorageDeps } from './deps';
import { storageErrors } from './errors';
import { assertBucketName, validObjectName } from './paths';
import { findObject } from './queries';
import { sendObject } from './serve';
import { MAX_SIGNED_URL_SECONDS } from './tokens';
import { parseTransform, transformSegments } from './transform';

interface SignBody {
  expiresIn?: unknown;
  paths?: unknown;
  transform?: unknown;
}

interface ObjectParams {
  bucket: string;
  '*': string;
}

function expiresIn(value: unknown): number {
  const seconds = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(seconds) || seconds < 1) throw storageErrors.invalidRequest('expiresIn must be a positive number of seconds');
  return Math.min(Math.floor(seconds), MAX_SIGNED_URL_SECONDS);
}

/**
 * Signed download URLs. Signing requires that the caller may read the object; using the URL needs no other credential.
 * A URL signed with `transform` carries the transformation in its token and is served by the image renderer.
 */
export function registerSignedUrlRoutes(app: FastifyInstance, { ctx, store, tokens }: StorageDeps): void {
  app.post<{ Params: ObjectParams; Body: SignBody }>('/object/sign/:bucket/*', async (request) => {
    const claims = await callerClaims(ctx, request);
    const bucket = request.params.bucket;
    assertBucketName(bucket);
    const name = validObjectName(request.params['*']);
    const seconds = expiresIn(request.body?.expiresIn);
    const rawTransform = request.body?.transform;
    const transform = rawTransform && typeof rawTransform === 'object' ? parseTransform(rawTransform as Record<string, unknown>) : undefined;
    const object = await ctx.withClaims(claims, (db) => findObject(db, bucket, name));
    if (!object) throw storageErrors.objectNotFound();
    const url = `${bucket}/${name}`;
    const transformations = transform ? transformSegments(transform).join(',') : '';
    const token = await tokens.signDownload(url, seconds, transformations);
    return { signedURL: transformations ? `/render/image/sign/${url}?token=${token}` : `/object/sign/${url}?token=${token}` };
  });

  app.post<{ Params: { bucket: string }; Body: SignBody }>('/object/sign/:bucket', async (request) => {
    const claims = await callerClaims(ctx, request);
    const bucket = request.params.bucket;
    assertBucketName(bucket);
    const seconds = expiresIn(request.body?.expiresIn);
    const paths = request.body?.paths;
    if (!Array.isArray(paths) || paths.length === 0) throw storageErrors.invalidRequest('paths must be a non-empty array');
    return ctx.withClaims(claims, async (db) => {
      const results = [];
      for (const path of paths) {
        const name = typeof path === 'string' ? path : String(path);
        const object = await findObject(db, bucket, name);
        const url = `${bucket}/${name}`;
        results.push(
          object
            ? { error: null, path: name, signedURL: `/object/sign/${url}?token=${await tokens.signDownload(url, seconds)}` }
            : { error: 'Either the object does not exist or you do not have access to it', path: name, signedURL: null },
        );
      }
      return results;
    });
  });

  app.get<{ Params: ObjectParams; Querystring: { token?: string } }>('/object/sign/:bucket/*', async (request, reply) => {
    const bucket = request.params.bucket;
    assertBucketName(bucket);
    const name = validObjectName(request.params['*']);
    await tokens.verify(request.query.token, `${bucket}/${name}`, 'download');
    const object = await findObject(ctx.storageDb, bucket, name);
    if (!object) throw storageErrors.objectNotFound();
    return sendObject(store, request, reply, object, true);
  });
}
