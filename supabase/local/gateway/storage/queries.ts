import type pg from 'pg';

type Queryable = Pick<pg.PoolClient, 'query'>;

/** A bucket with exactly the fields Supabase Storage's API answers. */
export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

/** What Supabase Storage keeps in `storage.objects.metadata`; storage-js's `FileMetadata`. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  version: string | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
}

const BUCKET_COLUMNS = `id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at`;
const OBJECT_COLUMNS = 'id, bucket_id, name, owner, version, created_at, updated_at, last_accessed_at, metadata, user_metadata';

export async function findBucket(db: Queryable, id: string): Promise<BucketRow | undefined> {
  const { rows } = await db.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
  return rows[0];
}

export interface ListBucketsOptions {
  limit?: number;
  offset?: number;
  search?: string;
  sortColumn: 'id' | 'name' | 'created_at' | 'updated_at';
  sortOrder: 'asc' | 'desc';
}

export async function listBuckets(db: Queryable, opts: ListBucketsOptions): Promise<BucketRow[]> {
  const { rows } = await db.query<BucketRow>(
    `select ${BUCKET_COLUMNS} from storage.buckets
     where ($1::text is null or name ilike '%' || $1 || '%')
     order by ${opts.sortColumn} ${opts.sortOrder} limit $2 offset $3`,
    [opts.search || null, opts.limit ?? null, opts.offset ?? 0],
  );
  return rows;
}

export interface NewBucket {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

export async function insertBucket(db: Queryable, b: NewBucket): Promise<void> {
  await db.query(
    `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
     values ($1, $2, $3::uuid, $3::text, $4, $5, $6)`,
    [b.id, b.name, b.owner, b.public, b.fileSizeLimit, b.allowedMimeTypes],
  );
}

export interface BucketChanges {
  public?: boolean;
  fileSizeLimit?: number | null;
  allowedMimeTypes?: string[] | null;
}

/** Updates only the fields present, as Supabase Storage does; returns whether a visible row changed. */
export async function updateBucket(db: Queryable, id: string, changes: BucketChanges): Promise<boolean> {
  const sets: string[] = ['updated_at = now()'];
  const values: unknown[] = [id];
  const add = (column: string, value: unknown) => {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  };
  if (changes.public !== undefined) add('public', changes.public);
  if (changes.fileSizeLimit !== undefined) add('file_size_limit', changes.fileSizeLimit);
  if (changes.allowedMimeTypes !== undefined) add('allowed_mime_types', changes.allowedMimeTypes);
  const { rowCount } = await db.query(`update storage.buckets set ${sets.join(', ')} where id = $1`, values);
  return (rowCount ?? 0) > 0;
}

export async function deleteBucket(db: Queryable, id: string): Promise<boolean> {
  await allowDelete(db);
  const { rowCount } = await db.query('delete from storage.buckets where id = $1', [id]);
  return (rowCount ?? 0) > 0;
}

export async function bucketHasObjects(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
  return rows.length > 0;
}

export async function findObject(db: Queryable, bucket: string, name: string): Promise<ObjectRow | undefined> {
  const { rows } = await db.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucket, name]);
  return rows[0];
}

export interface NewObject {
  id: string;
  bucket: string;
  name: string;
  owner: string | null;
  version: string;
  metadata: ObjectMetadata;
  userMetadata: Record<string, unknown> | null;
}

/**
 * Inserts the row as the caller, so the INSERT policies decide. No RETURNING on a plain insert:
 * that would also demand a SELECT policy, which Supabase does not require for uploads.
 * An upsert needs SELECT and UPDATE as on Supabase, and answers the id of the row it kept.
 */
export async function writeObject(db: Queryable, o: NewObject, upsert: boolean): Promise<string> {
  const values = [o.id, o.bucket, o.name, o.owner, o.version, JSON.stringify(o.metadata), o.userMetadata ? JSON.stringify(o.userMetadata) : null];
  const insert = `insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata)
     values ($1, $2, $3, $4::uuid, $4::text, $5, $6::jsonb, $7::jsonb)`;
  if (!upsert) {
    await db.query(insert, values);
    return o.id;
  }
  const { rows } = await db.query<{ id: string }>(
    `${insert}
     on conflict (bucket_id, name) do update set
       owner = coalesce(excluded.owner, storage.objects.owner), owner_id = coalesce(excluded.owner_id, storage.objects.owner_id),
       version = excluded.version, metadata = excluded.metadata, user_metadata = excluded.user_metadata,
       updated_at = now(), last_accessed_at = now()
     returning id`,
    values,
  );
  return rows[0].id;
}

/** Objects under a path prefix whose names start with `prefix + search`, case-insensitively (storage.search). */
export async function objectsUnder(db: Queryable, bucket: string, pattern: string): Promise<ObjectRow[]> {
  const escaped = pattern.replace(/[\\%_]/g, (c) => `\\${c}`);
  const { rows } = await db.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name ilike $2 escape '\\'`, [
    bucket,
    `${escaped}%`,
  ]);
  return rows;
}

/**
 * Plain SQL may not delete from the storage tables (the stored file would be orphaned); the
 * storage service says, for this transaction only, that it removes the file too.
 */
async function allowDelete(db: Queryable): Promise<void> {
  await db.query(`select set_config('storage.allow_delete_query', 'true', true)`);
}

export async function deleteObjects(db: Queryable, bucket: string, names: string[]): Promise<ObjectRow[]> {
  await allowDelete(db);
  const { rows } = await db.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`, [
    bucket,
    names,
  ]);
  return rows;
}

export async function deleteAllObjects(db: Queryable, bucket: string): Promise<ObjectRow[]> {
  await allowDelete(db);
  const { rows } = await db.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 returning ${OBJECT_COLUMNS}`, [bucket]);
  return rows;
}

/** Renames the row as the caller (UPDATE policies decide); undefined when the caller cannot see it. */
export async function moveObject(db: Queryable, from: { bucket: string; name: string }, to: { bucket: string; name: string }): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `update storage.objects set bucket_id = $3, name = $4, updated_at = now()
     where bucket_id = $1 and name = $2 returning id`,
    [from.bucket, from.name, to.bucket, to.name],
  );
  return rows[0]?.id;
}

/** Objects whose names start with `prefix`, case-sensitively, in byte order (list-v2 pages over these). */
export async function objectsWithPrefix(db: Queryable, bucket: string, prefix: string): Promise<ObjectRow[]> {
  const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  const { rows } = await db.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name like $2 escape '\\' order by name collate "C"`,
    [bucket, `${escaped}%`],
  );
  return rows;
}
