import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Claims } from '../jwt';
import { callerClaims, ownerOf } from './auth';
import type { StorageDeps } from './deps';
import { storageErrors } from './errors';
import { LIST_DEFAULTS, MAX_LIST_LIMIT, MAX_REMOVE_PREFIXES } from './limits';
import { assertBucketName, validObjectName } from './paths';
import { listV2, type ListV2Options } from './list-v2';
import { deleteObjects, findBucket, findObject, moveObject, objectsUnder, objectsWithPrefix, writeObject, type NewObject, type ObjectRow } from './queries';
import { sendObject } from './serve';
import { receiveUpload } from './upload';

interface ObjectParams {
  bucket: string;
  '*': string;
}

type ObjectRequest = FastifyRequest<{ Params: ObjectParams }>;

/** Thrown inside a transaction to roll back a write that was only a permission probe. */
class ProbeRollback extends Error {}

function target(request: FastifyRequest<{ Params: ObjectParams }>): { bucket: string; name: string } {
  assertBucketName(request.params.bucket);
  return { bucket: request.params.bucket, name: validObjectName(request.params['*']) };
}

/** The service role's claims: Supabase writes a signed upload as the storage super user. */
const SERVICE_CLAIMS: Claims = { role: 'service_role' };

/** A row before its file is received: used to ask the policies whether the write is allowed at all. */
function draftObject(bucket: string, name: string, owner: string | null): NewObject {
  return {
    id: randomUUID(),
    bucket,
    name,
    owner,
    version: randomUUID(),
    metadata: { eTag: '""', size: 0, mimetype: '', cacheControl: '', lastModified: new Date().toISOString(), contentLength: 0, httpStatusCode: 200 },
    userMetadata: null,
  };
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
  const { ctx, store, tokens } = deps;

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

  interface UploadTarget {
    bucketId: string;
    name: string;
    /** who the row is written as: the caller, or the service role for a signed upload URL */
    claims: Claims;
    owner: string | null;
    upsert: boolean;
  }

  /** Checks the write, streams the body to a temp file within the limits, then writes the row and moves the file into place. */
  async function storeUpload(request: FastifyRequest, t: UploadTarget) {
    const bucket = await findBucket(ctx.storageDb, t.bucketId);
    if (!bucket) throw storageErrors.bucketNotFound();

    const draft = draftObject(t.bucketId, t.name, t.owner);
    await probeWrite(t.claims, draft, t.upsert);

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
      const id = await ctx.withClaims(t.claims, async (db) => {
        const kept = await writeObject(db, row, t.upsert);
        // Moved into place inside the transaction: if the move fails the row is rolled back too.
        await store.place(received.file, t.bucketId, t.name);
        return kept;
      });
      return { Id: id, Key: `${t.bucketId}/${t.name}` };
    } finally {
      await store.discard(received.file);
    }
  }

  async function upload(request: ObjectRequest, upsert: boolean) {
    const claims = await callerClaims(ctx, request);
    const { bucket: bucketId, name } = target(request);
    return storeUpload(request, { bucketId, name, claims, owner: ownerOf(claims), upsert });
  }

  /**
   * A signed upload URL lets its holder upload one file to one name without credentials. Issuing it needs
   * the caller's right to write that object (checked now, as Supabase does); the upload itself is written
   * as the service role with the issuer as owner.
   */
  app.post<{ Params: ObjectParams }>('/object/upload/sign/:bucket/*', async (request) => {
    const claims = await callerClaims(ctx, request);
    const { bucket: bucketId, name } = target(request);
    if (!(await findBucket(ctx.storageDb, bucketId))) throw storageErrors.bucketNotFound();
    const upsert = request.headers['x-upsert'] === 'true';
    const owner = ownerOf(claims);
    await probeWrite(claims, draftObject(bucketId, name, owner), upsert);
    const token = await tokens.signUpload(`${bucketId}/${name}`, owner, upsert);
    return { url: `/object/upload/sign/${bucketId}/${name}?token=${token}`, token };
  });

  async function signedUpload(request: FastifyRequest<{ Params: ObjectParams; Querystring: { token?: string } }>) {
    const { bucket: bucketId, name } = target(request);
    const token = await tokens.verify(request.query.token, `${bucketId}/${name}`, 'upload');
    // Whether the upload may replace a file was decided when the URL was signed (its x-upsert), as on Supabase;
    // the token serves until it expires, so a second upload without upsert finds the name taken (409).
    return storeUpload(request, { bucketId, name, claims: SERVICE_CLAIMS, owner: token.owner, upsert: token.upsert });
  }

  // Uploads read the body themselves (raw stream or multipart), whatever its content type.
  app.register(async (uploads) => {
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    await uploads.register(import('@fastify/multipart'), { throwFileSizeLimit: false });
    uploads.post<{ Params: ObjectParams }>('/object/:bucket/*', (request) => upload(request, request.headers['x-upsert'] === 'true'));
    uploads.put<{ Params: ObjectParams }>('/object/:bucket/*', (request) => upload(request, true));
    uploads.put<{ Params: ObjectParams; Querystring: { token?: string } }>('/object/upload/sign/:bucket/*', signedUpload);
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
        files.push({
          name: tokens[level],
          id: row.id,
          updated_at: row.updated_at,
          created_at: row.created_at,
          last_accessed_at: row.last_accessed_at,
          metadata: row.metadata,
        });
      }
    }
    // Folders first, ordered by name, then files by the chosen column, as storage.search() answers.
    const entries = [...[...folders.values()].sort(compareBy('name', order)), ...files.sort(compareBy(column, order))];
    return entries.slice(offset, offset + limit);
  });

  app.post<{ Params: { bucket: string }; Body: ListV2Options | undefined }>('/object/list-v2/:bucket', async (request) => {
    const claims = await callerClaims(ctx, request);
    assertBucketName(request.params.bucket);
    const body = request.body ?? {};
    const prefix = typeof body.prefix === 'string' ? body.prefix : '';
    const rows = await ctx.withClaims(claims, (db) => objectsWithPrefix(db, request.params.bucket, prefix));
    return listV2(rows, body);
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
