import type { FastifyInstance } from 'fastify';
import { callerClaims, ownerOf } from './auth';
import type { StorageDeps } from './deps';
import { STORAGE_MESSAGES, storageErrors } from './errors';
import { parseFileSize } from './limits';
import { assertBucketName } from './paths';
import {
  bucketHasObjects,
  deleteAllObjects,
  deleteBucket,
  findBucket,
  insertBucket,
  listBuckets,
  updateBucket,
  type BucketChanges,
  type ListBucketsOptions,
} from './queries';

interface BucketBody {
  id?: unknown;
  name?: unknown;
  public?: unknown;
  file_size_limit?: unknown;
  allowed_mime_types?: unknown;
}

const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

function fileSizeLimit(value: unknown): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const bytes = parseFileSize(value);
  if (bytes === undefined) throw storageErrors.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
  return bytes;
}

function mimeTypes(value: unknown): string[] | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw storageErrors.invalidRequest('allowed_mime_types must be an array of strings');
  }
  return value.length > 0 ? value : null;
}

function changesFrom(body: BucketBody): BucketChanges {
  return {
    public: typeof body.public === 'boolean' ? body.public : undefined,
    fileSizeLimit: fileSizeLimit(body.file_size_limit),
    allowedMimeTypes: mimeTypes(body.allowed_mime_types),
  };
}

/** Bucket CRUD, every statement as the caller so policies on `storage.buckets` apply (service role bypasses them). */
export function registerBucketRoutes(app: FastifyInstance, { ctx, store }: StorageDeps): void {
  app.get('/bucket', async (request) => {
    const claims = await callerClaims(ctx, request);
    const q = request.query as Record<string, string | undefined>;
    const sortColumn = q.sortColumn && SORT_COLUMNS.has(q.sortColumn) ? q.sortColumn : 'name';
    return ctx.withClaims(claims, (db) =>
      listBuckets(db, {
        limit: q.limit ? Math.max(0, Number.parseInt(q.limit, 10) || 0) : undefined,
        offset: q.offset ? Math.max(0, Number.parseInt(q.offset, 10) || 0) : 0,
        search: q.search,
        sortColumn: sortColumn as ListBucketsOptions['sortColumn'],
        sortOrder: q.sortOrder === 'desc' ? 'desc' : 'asc',
      }),
    );
  });

  app.get<{ Params: { id: string } }>('/bucket/:id', async (request) => {
    const claims = await callerClaims(ctx, request);
    const bucket = await ctx.withClaims(claims, (db) => findBucket(db, request.params.id));
    if (!bucket) throw storageErrors.bucketNotFound();
    return bucket;
  });

  app.post<{ Body: BucketBody }>('/bucket', async (request) => {
    const claims = await callerClaims(ctx, request);
    const body = request.body ?? {};
    const name = body.name ?? body.id;
    assertBucketName(name);
    const id = body.id ?? name;
    assertBucketName(id);
    const changes = changesFrom(body);
    await ctx.withClaims(claims, (db) =>
      insertBucket(db, {
        id,
        name,
        owner: ownerOf(claims),
        public: changes.public ?? false,
        fileSizeLimit: changes.fileSizeLimit ?? null,
        allowedMimeTypes: changes.allowedMimeTypes ?? null,
      }),
    );
    return { name };
  });

  app.put<{ Params: { id: string }; Body: BucketBody }>('/bucket/:id', async (request) => {
    const claims = await callerClaims(ctx, request);
    const changes = changesFrom(request.body ?? {});
    const updated = await ctx.withClaims(claims, (db) => updateBucket(db, request.params.id, changes));
    if (!updated) throw storageErrors.bucketNotFound();
    return { message: 'Successfully updated' };
  });

  app.delete<{ Params: { id: string } }>('/bucket/:id', async (request) => {
    const claims = await callerClaims(ctx, request);
    const { id } = request.params;
    await ctx.withClaims(claims, async (db) => {
      if (!(await findBucket(db, id))) throw storageErrors.bucketNotFound();
      // Checked as the superuser: objects the caller cannot see still make the bucket non-empty.
      if (await bucketHasObjects(ctx.storageDb, id)) throw storageErrors.bucketNotEmpty();
      if (!(await deleteBucket(db, id))) throw storageErrors.bucketNotFound();
    });
    await store.removeBucket(id).catch(() => undefined);
    return { message: 'Successfully deleted' };
  });

  app.post<{ Params: { id: string } }>('/bucket/:id/empty', async (request) => {
    const claims = await callerClaims(ctx, request);
    const { id } = request.params;
    if (!(await findBucket(ctx.storageDb, id))) throw storageErrors.bucketNotFound();
    const removed = await ctx.withClaims(claims, (db) => deleteAllObjects(db, id));
    for (const object of removed) await store.remove(id, object.name).catch(() => undefined);
    return { message: STORAGE_MESSAGES.bucketEmptied };
  });
}
