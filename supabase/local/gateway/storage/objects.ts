import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Claims } from '../jwt';
import { callerClaims, ownerOf } from './auth';
import type { StorageDeps } from './deps';
import { storageErrors } from './errors';
import { LIST_DEFAULTS, MAX_LIST_LIMIT, MAX_REMOVE_PREFIXES } from './limits';
import { assertBucketName, validObjectName } from './paths';
import { deleteObjects, findBucket, findObject, moveObject, objectsUnder, writeObject, type NewObject, type ObjectRow } from './queries';
import { sendObject } from './serve';
import { receiveUpload } from './upload';

interface ObjectParams {
  bucket: string;
  '*': string;
}

type ObjectRequest = FastifyRequest<{ Params: ObjectParams }>;

/** Thrown inside a transaction to roll back a write that was only a permission probe. */
class ProbeRollback extends Error {}

function target(request: ObjectRequest): { bucket: string; name: string } {
  assertBucketName(request.params.bucket);
  return { bucket: request.params.bucket, name: validObjectName(request.params['*']) };
}

function objectInfo(o: ObjectRow) {
  return {
    id: o.id,
    name: o.name,
    version: o.version,
    bucket_id: o.bucket_id,
    size: o.metadata?.size,
    content_type: o.metadata?.mimetype,
    cache_control: o.metadata?.cacheControl,
    etag: o.metadata?.eTag,
    metadata: o.user_metadata ?? {},
    last_modified: o.updated_at,
    created_at: o.created_at,
  };
}

/** A folder or file at one level of a listing, as `storage.search()` returns them. */
interface ListEntry {
  name: string;
  id: string | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
  metadata: ObjectRow['metadata'];
}

const LIST_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);

function compareBy(column: string, order: 'asc' | 'desc') {
  const sign = order === 'desc' ? -1 : 1;
  return (a: ListEntry, b: ListEntry): number => {
    const x = a[column as keyof ListEntry];
    const y = b[column as keyof ListEntry];
    const left = x instanceof Date ? x.getTime() : String(x ?? '');
    const right = y instanceof Date ? y.getTime() : String(y ?? '');
    if (left === right) return a.name < b.name ? -sign : a.name > b.name ? sign : 0;
    return left < right ? -sign : sign;
  };
}

function intOr(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
}

export function registerObjectRoutes(app: FastifyInstance, deps: StorageDeps): void {
  const { ctx, store } = deps;

  /** Runs the row write as the caller and rolls it back, so a refused upload is refused before any byte is read. */
  async function probeWrite(claims: Claims, draft: NewObject, upsert: boolean): Promise<void> {
    try {
      await ctx.withClaims(claims, async (db) => {
        await writeObject(db, draft, upsert);
        throw new ProbeRollback();
      });
    } catch (err) {
      if (!(err instanceof ProbeRollback)) throw err;
    }
  }

  async function upload(request: ObjectRequest, upsert: boolean) {
    const claims = await callerClaims(ctx, request);
    const { bucket: bucketId, name } = target(request);
    const bucket = await findBucket(ctx.storageDb, bucketId);
    if (!bucket) throw storageErrors.bucketNotFound();

    const owner = ownerOf(claims);
    const draft: NewObject = {
      id: randomUUID(),
      bucket: bucketId,
      name,
      owner,
      version: randomUUID(),
      metadata: { eTag: '""', size: 0, mimetype: '', cacheControl: '', lastModified: new Date().toISOString(), contentLength: 0, httpStatusCode: 200 },
      userMetadata: null,
    };
    await probeWrite(claims, draft, upsert);

    const rules = {
      maxBytes: Math.min(bucket.file_size_limit ?? Number.POSITIVE_INFINITY, deps.globalFileSizeLimit),
      allowedMimeTypes: bucket.allowed_mime_types,
    };
    const received = await receiveUpload(request, store, rules);
    try {
      const lastModified = new Date().toISOString();
      const row: NewObject = {
        ...draft,
        metadata: {
          eTag: `"${received.file.md5}"`,
          size: received.file.size,
          mimetype: received.mimetype,
          cacheControl: received.cacheControl,
          lastModified,
          contentLength: received.file.size,
          httpStatusCode: 200,
        },
        userMetadata: received.userMetadata,
      };
      const id = await ctx.withClaims(claims, async (db) => {
        const kept = await writeObject(db, row, upsert);
        // Moved into place inside the transaction: if the move fails the row is rolled back too.
        await store.place(received.file, bucketId, name);
        return kept;
      });
      return { Id: id, Key: `${bucketId}/${name}` };
    } finally {
      await store.discard(received.file);
    }
  }

  // Uploads read the body themselves (raw stream or multipart), whatever its content type.
  app.register(async (uploads) => {
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    await uploads.register(import('@fastify/multipart'), { throwFileSizeLimit: false });
    uploads.post<{ Params: ObjectParams }>('/object/:bucket/*', (request) => upload(request, request.headers['x-upsert'] === 'true'));
    uploads.put<{ Params: ObjectParams }>('/object/:bucket/*', (request) => upload(request, true));
  });

  async function readableObject(request: ObjectRequest): Promise<ObjectRow> {
    const claims = await callerClaims(ctx, request);
    const { bucket, name } = target(request);
    const object = await ctx.withClaims(claims, (db) => findObject(db, bucket, name));
    if (!object) throw storageErrors.objectNotFound();
    return object;
  }

  async function publicObject(request: ObjectRequest): Promise<ObjectRow> {
    const { bucket: bucketId, name } = target(request);
    const bucket = await findBucket(ctx.storageDb, bucketId);
    if (!bucket || !bucket.public) throw storageErrors.bucketNotFound();
    const object = await findObject(ctx.storageDb, bucketId, name);
    if (!object) throw storageErrors.objectNotFound();
    return object;
  }

  const download = (find: (request: ObjectRequest) => Promise<ObjectRow>, path: string) => {
    app.get<{ Params: ObjectParams }>(path, { exposeHeadRoute: false }, async (request, reply: FastifyReply) =>
      sendObject(store, request, reply, await find(request), true),
    );
    app.head<{ Params: ObjectParams }>(path, async (request, reply: FastifyReply) => sendObject(store, request, reply, await find(request), false));
  };
  download(readableObject, '/object/:bucket/*');
  download(readableObject, '/object/authenticated/:bucket/*');
  download(publicObject, '/object/public/:bucket/*');

  app.get<{ Params: ObjectParams }>('/object/info/:bucket/*', async (request) => objectInfo(await readableObject(request)));
  app.get<{ Params: ObjectParams }>('/object/info/authenticated/:bucket/*', async (request) => objectInfo(await readableObject(request)));
  app.get<{ Params: ObjectParams }>('/object/info/public/:bucket/*', async (request) => objectInfo(await publicObject(request)));

  async function removeObjects(claims: Claims, bucket: string, names: string[]): Promise<ObjectRow[]> {
    const removed = await ctx.withClaims(claims, (db) => deleteObjects(db, bucket, names));
    for (const object of removed) await store.remove(bucket, object.name).catch(() => undefined);
    return removed;
  }

  app.delete<{ Params: { bucket: string }; Body: { prefixes?: unknown } }>('/object/:bucket', async (request) => {
    const claims = await callerClaims(ctx, request);
    assertBucketName(request.params.bucket);
    const prefixes = request.body?.prefixes;
    if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > MAX_REMOVE_PREFIXES) {
      throw storageErrors.invalidRequest(`prefixes must be an array of 1 to ${MAX_REMOVE_PREFIXES} object names`);
    }
    const names = prefixes.map((p) => validObjectName(p));
    return removeObjects(claims, request.params.bucket, names);
  });

  app.delete<{ Params: ObjectParams }>('/object/:bucket/*', async (request) => {
    const claims = await callerClaims(ctx, request);
    const { bucket, name } = target(request);
    const removed = await removeObjects(claims, bucket, [name]);
    if (removed.length === 0) throw storageErrors.objectNotFound();
    return { message: 'Successfully deleted' };
  });

  app.post<{ Params: { bucket: string }; Body: Record<string, unknown> | undefined }>('/object/list/:bucket', async (request) => {
    const claims = await callerClaims(ctx, request);
    assertBucketName(request.params.bucket);
    const body = request.body ?? {};
    const rawPrefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+/, '') : '';
    const prefix = rawPrefix === '' || rawPrefix.endsWith('/') ? rawPrefix : `${rawPrefix}/`;
    const search = typeof body.search === 'string' ? body.search : '';
    const limit = Math.min(intOr(body.limit, LIST_DEFAULTS.limit), MAX_LIST_LIMIT);
    const offset = intOr(body.offset, LIST_DEFAULTS.offset);
    const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
    const column = typeof sortBy.column === 'string' && LIST_COLUMNS.has(sortBy.column) ? sortBy.column : LIST_DEFAULTS.sortColumn;
    const order = sortBy.order === 'desc' ? 'desc' : 'asc';

    const rows = await ctx.withClaims(claims, (db) => objectsUnder(db, request.params.bucket, prefix + search));
    const level = prefix === '' ? 0 : prefix.split('/').length - 1;
    const folders = new Map<string, ListEntry>();
    const files: ListEntry[] = [];
    for (const row of rows) {
      const tokens = row.name.split('/');
      if (tokens.length > level + 1) {
        const folder = tokens[level];
        if (!folders.has(folder)) folders.set(folder, { name: folder, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
      } else {
        files.push({ name: tokens[level], id: row.id, updated_at: row.updated_at, created_at: row.created_at, last_accessed_at: row.last_accessed_at, metadata: row.metadata });
      }
    }
    // Folders first, ordered by name, then files by the chosen column, as storage.search() answers.
    const entries = [...[...folders.values()].sort(compareBy('name', order)), ...files.sort(compareBy(column, order))];
    return entries.slice(offset, offset + limit);
  });

  interface TransferBody {
    bucketId?: unknown;
    sourceKey?: unknown;
    destinationKey?: unknown;
    destinationBucket?: unknown;
  }

  function transfer(body: TransferBody | undefined) {
    const fromBucket = body?.bucketId;
    assertBucketName(fromBucket);
    const toBucket = body?.destinationBucket ?? fromBucket;
    assertBucketName(toBucket);
    return {
      from: { bucket: fromBucket, name: validObjectName(body?.sourceKey) },
      to: { bucket: toBucket, name: validObjectName(body?.destinationKey) },
    };
  }

  app.post<{ Body: TransferBody }>('/object/move', async (request) => {
    const claims = await callerClaims(ctx, request);
    const { from, to } = transfer(request.body);
    if (!(await findBucket(ctx.storageDb, to.bucket))) throw storageErrors.bucketNotFound();
    await ctx.withClaims(claims, async (db) => {
      const id = await moveObject(db, from, to);
      if (!id) throw storageErrors.objectNotFound();
      await store.move(from.bucket, from.name, to.bucket, to.name);
    });
    return { message: 'Successfully moved' };
  });

  app.post<{ Body: TransferBody }>('/object/copy', async (request) => {
    const claims = await callerClaims(ctx, request);
    const { from, to } = transfer(request.body);
    if (!(await findBucket(ctx.storageDb, to.bucket))) throw storageErrors.bucketNotFound();
    const id = await ctx.withClaims(claims, async (db) => {
      const source = await findObject(db, from.bucket, from.name);
      if (!source || !source.metadata) throw storageErrors.objectNotFound();
      const copy: NewObject = {
        id: randomUUID(),
        bucket: to.bucket,
        name: to.name,
        owner: ownerOf(claims),
        version: randomUUID(),
        metadata: { ...source.metadata, lastModified: new Date().toISOString() },
        userMetadata: source.user_metadata,
      };
      const kept = await writeObject(db, copy, request.headers['x-upsert'] === 'true');
      await store.copy(from.bucket, from.name, to.bucket, to.name);
      return kept;
    });
    return { Id: id, Key: `${to.bucket}/${to.name}` };
  });
}
