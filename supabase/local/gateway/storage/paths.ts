import { isAbsolute, join, relative, resolve } from 'node:path';
import { storageErrors } from './errors';

/** Longest object name, in bytes, as Supabase Storage allows. */
const MAX_KEY_BYTES = 1024;
/** Longest single path segment most file systems accept. */
const MAX_SEGMENT_BYTES = 255;

// Letters, digits and the punctuation Supabase Storage accepts in names; never `/`, so a bucket is one directory.
const BUCKET_NAME = /^[A-Za-z0-9_][A-Za-z0-9_!.*'() &$@=;:+,?-]{0,99}$/;

export function assertBucketName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || !BUCKET_NAME.test(name)) throw storageErrors.invalidBucketName();
}

/** storage-js's own normalisation: no leading/trailing slash, no repeated slashes. */
export function normalizeObjectName(raw: string): string {
  return raw.replace(/\/+/g, '/').replace(/^\/+|\/+$/g, '');
}

/**
 * A normalised object name that maps to a file inside its bucket directory, or a 400 InvalidKey.
 * Refuses empty names, NUL and control characters, backslashes (a path separator to many tools that
 * copy files out of a bucket), `.`/`..` segments and over-long names; the database holds the same rule.
 */
export function validObjectName(raw: unknown): string {
  if (typeof raw !== 'string') throw storageErrors.invalidKey(String(raw));
  const name = normalizeObjectName(raw);
  if (!name) throw storageErrors.invalidKey(raw);
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f]/.test(name)) throw storageErrors.invalidKey(raw.replace(/[\u0000-\u001f\u007f]/g, ''));
  if (name.includes('\\')) throw storageErrors.invalidKey(name);
  if (Buffer.byteLength(name) > MAX_KEY_BYTES) throw storageErrors.invalidKey(name.slice(0, 64));
  for (const segment of name.split('/')) {
    if (segment === '.' || segment === '..' || Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) throw storageErrors.invalidKey(name);
  }
  return name;
}

/** Where files of buckets live: `<localDir>/storage`. */
export function storageRoot(localDir: string): string {
  return resolve(localDir, 'storage');
}

/** Uploads are written here first, on the same file system, so moving them into place is a rename. */
export function tempDir(localDir: string): string {
  // Bucket names cannot start with a dot, so this never collides with a bucket directory.
  return join(storageRoot(localDir), '.tmp');
}

function inside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

export function bucketDir(localDir: string, bucket: string): string {
  assertBucketName(bucket);
  const root = storageRoot(localDir);
  const dir = resolve(root, bucket);
  if (!inside(root, dir)) throw storageErrors.invalidBucketName();
  return dir;
}

/** The file of an object; a second containment check guards against any name that slipped through. */
export function objectPath(localDir: string, bucket: string, name: string): string {
  const dir = bucketDir(localDir, bucket);
  const file = resolve(dir, ...validObjectName(name).split('/'));
  if (!inside(dir, file)) throw storageErrors.invalidKey(name);
  return file;
}
