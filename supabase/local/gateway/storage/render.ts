import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerClaims } from './auth';
import type { StorageDeps } from './deps';
import { STORAGE_MESSAGES, storageErrors } from './errors';
import type { FileStore } from './files';
import { assertBucketName, validObjectName } from './paths';
import { findBucket, findObject, type ObjectRow } from './queries';
import { requestedRange } from './serve';
import { parseTransform, renderImage, transformationsHeader, transformFromSegments, TRANSFORM_LIMITS, type TransformOptions } from './transform';

interface ObjectParams {
  bucket: string;
  '*': string;
}

type RenderRequest = FastifyRequest<{ Params: ObjectParams; Querystring: Record<string, unknown> }>;

async function readSource(store: FileStore, object: ObjectRow): Promise<Buffer> {
  const size = await store.size(object.bucket_id, object.name);
  if (size === undefined) throw storageErrors.objectNotFound();
  // Refused before reading: a huge upload must not be pulled into memory to be resized.
  if (size > TRANSFORM_LIMITS.maxSourceBytes) throw storageErrors.imageProcessing(STORAGE_MESSAGES.imageTooLarge);
  const chunks: Buffer[] = [];
  for await (const chunk of store.read(object.bucket_id, object.name)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function target(request: RenderRequest): { bucket: string; name: string } {
  assertBucketName(request.params.bucket);
  return { bucket: request.params.bucket, name: validObjectName(request.params['*']) };
}

/**
 * `/render/image/{authenticated,public,sign}/:bucket/*`: Supabase's image transformation. The same access rules as
 * downloads decide who may read the source; the transformation comes from the query string, or from the token of a
 * signed URL (where the query cannot change it).
 */
export function registerRenderRoutes(app: FastifyInstance, { ctx, store, tokens }: StorageDeps): void {
  async function send(request: RenderRequest, reply: FastifyReply, object: ObjectRow, transform: TransformOptions) {
    const rendered = await renderImage(await readSource(store, object), transform, request.headers.accept);
    const size = rendered.body.length;
    reply.header('content-type', rendered.contentType);
    reply.header('cache-control', object.metadata?.cacheControl ?? 'no-cache');
    reply.header('last-modified', new Date(object.updated_at).toUTCString());
    // The rendered bytes depend on Accept when no format is asked for.
    reply.header('vary', 'Accept');
    // As Supabase's renderer: the source object's ETag (the same source, transformation and Accept give the same
    // bytes), byte ranges, no indexing of renders, and what was applied. A browser that kept part of a render
    // resumes it with a range and revalidates it with the ETag, so both are honoured rather than only announced.
    const eTag = object.metadata?.eTag;
    reply.header('accept-ranges', 'bytes');
    if (eTag) reply.header('etag', eTag);
    reply.header('x-robots-tag', 'none');
    const applied = transformationsHeader(transform);
    if (applied) reply.header('x-transformations', applied);
    const download = request.query.download;
    if (download !== undefined) {
      const filename = typeof download === 'string' && download !== '' ? download : (object.name.split('/').pop() ?? object.name);
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`);
    }
    if (eTag && request.headers['if-none-match'] === eTag) return reply.code(304).send();
    const range = requestedRange(request, size, eTag);
    if (range === null) return reply.code(416).header('content-range', `bytes */${size}`).send();
    if (range) {
      reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
      reply.header('content-length', range.end - range.start + 1);
      return reply.send(rendered.body.subarray(range.start, range.end + 1));
    }
    reply.header('content-length', size);
    return reply.send(rendered.body);
  }

  app.get<{ Params: ObjectParams; Querystring: Record<string, unknown> }>('/render/image/authenticated/:bucket/*', async (request, reply) => {
    const claims = await callerClaims(ctx, request);
    const transform = parseTransform(request.query);
    const { bucket, name } = target(request);
    const object = await ctx.withClaims(claims, (db) => findObject(db, bucket, name));
    if (!object) throw storageErrors.objectNotFound();
    return send(request, reply, object, transform);
  });

  app.get<{ Params: ObjectParams; Querystring: Record<string, unknown> }>('/render/image/public/:bucket/*', async (request, reply) => {
    const transform = parseTransform(request.query);
    const { bucket: bucketId, name } = target(request);
    const bucket = await findBucket(ctx.storageDb, bucketId);
    if (!bucket || !bucket.public) throw storageErrors.bucketNotFound();
    const object = await findObject(ctx.storageDb, bucketId, name);
    if (!object) throw storageErrors.objectNotFound();
    return send(request, reply, object, transform);
  });

  app.get<{ Params: ObjectParams; Querystring: Record<string, unknown> }>('/render/image/sign/:bucket/*', async (request, reply) => {
    const { bucket, name } = target(request);
    const token = typeof request.query.token === 'string' ? request.query.token : undefined;
    const payload = await tokens.verify(token, `${bucket}/${name}`, 'download');
    const object = await findObject(ctx.storageDb, bucket, name);
    if (!object) throw storageErrors.objectNotFound();
    return send(request, reply, object, transformFromSegments(payload.transformations ?? ''));
  });
}
