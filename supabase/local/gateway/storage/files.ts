import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { storageErrors } from './errors';
import { bucketDir, objectPath, storageRoot, tempDir } from './paths';

/** An upload that has been fully received and checked, waiting to be moved into place. */
export interface ReceivedFile {
  tempPath: string;
  size: number;
  /** hex MD5 of the content, used as the ETag like S3 does for single-part uploads */
  md5: string;
}

/**
 * Counts and hashes bytes on their way to disk. Past the limit it stops writing but keeps reading,
 * so the client gets the 413 answer instead of a reset connection.
 */
class LimitedHasher extends Transform {
  size = 0;
  exceeded = false;
  private readonly hash = createHash('md5');

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void): void {
    this.size += chunk.length;
    if (this.size > this.limit) this.exceeded = true;
    if (this.exceeded) return done();
    this.hash.update(chunk);
    done(null, chunk);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

const PATH_CONFLICTS = new Set(['EEXIST', 'ENOTDIR', 'EISDIR']);

/**
 * Object stores allow both "a" and "a/b"; a file system cannot hold a file and a folder of one name,
 * so such a name is refused as an invalid key.
 */
function rethrowConflict(err: unknown, name: string): never {
  if (PATH_CONFLICTS.has((err as NodeJS.ErrnoException).code ?? '')) throw storageErrors.invalidKey(name);
  throw err;
}

export class FileStore {
  constructor(private readonly localDir: string) {}

  /** Streams `source` into a temp file; a body over `limit` bytes is discarded and answered with 413. */
  async receive(source: Readable, limit: number): Promise<ReceivedFile> {
    const dir = tempDir(this.localDir);
    await mkdir(dir, { recursive: true });
    const tempPath = `${dir}/${randomUUID()}`;
    const counter = new LimitedHasher(limit);
    try {
      await pipeline(source, counter, createWriteStream(tempPath, { flags: 'wx' }));
    } catch (err) {
      await rm(tempPath, { force: true });
      throw err;
    }
    if (counter.exceeded) {
      await rm(tempPath, { force: true });
      throw storageErrors.payloadTooLarge();
    }
    return { tempPath, size: counter.size, md5: counter.digest() };
  }

  async discard(file: ReceivedFile | undefined): Promise<void> {
    if (file) await rm(file.tempPath, { force: true });
  }

  /** Moves a received upload to its object path, replacing any previous content. */
  async place(file: ReceivedFile, bucket: string, name: string): Promise<void> {
    const target = objectPath(this.localDir, bucket, name);
    await this.ensureParent(target, name);
    await rename(file.tempPath, target).catch((err: unknown) => rethrowConflict(err, name));
  }

  async copy(fromBucket: string, fromName: string, toBucket: string, toName: string): Promise<void> {
    const target = objectPath(this.localDir, toBucket, toName);
    await this.ensureParent(target, toName);
    await copyFile(objectPath(this.localDir, fromBucket, fromName), target).catch((err: unknown) => rethrowConflict(err, toName));
  }

  async move(fromBucket: string, fromName: string, toBucket: string, toName: string): Promise<void> {
    const source = objectPath(this.localDir, fromBucket, fromName);
    const target = objectPath(this.localDir, toBucket, toName);
    await this.ensureParent(target, toName);
    await rename(source, target).catch((err: unknown) => rethrowConflict(err, toName));
    await this.pruneEmptyParents(fromBucket, source);
  }

  async remove(bucket: string, name: string): Promise<void> {
    const file = objectPath(this.localDir, bucket, name);
    await rm(file, { force: true });
    await this.pruneEmptyParents(bucket, file);
  }

  async removeBucket(bucket: string): Promise<void> {
    await rm(bucketDir(this.localDir, bucket), { recursive: true, force: true });
  }

  async size(bucket: string, name: string): Promise<number | undefined> {
    try {
      return (await stat(objectPath(this.localDir, bucket, name))).size;
    } catch {
      return undefined;
    }
  }

  read(bucket: string, name: string, range?: { start: number; end: number }): Readable {
    return createReadStream(objectPath(this.localDir, bucket, name), range);
  }

  /** Removes temp files left by a crash; called when the gateway starts. */
  async clearTemp(): Promise<void> {
    await rm(tempDir(this.localDir), { recursive: true, force: true });
    await mkdir(storageRoot(this.localDir), { recursive: true });
  }

  private async ensureParent(target: string, name: string): Promise<void> {
    await mkdir(dirname(target), { recursive: true }).catch((err: unknown) => rethrowConflict(err, name));
  }

  /** Deleting the last object of a folder removes the folder, as object stores have no empty folders. */
  private async pruneEmptyParents(bucket: string, file: string): Promise<void> {
    const root = bucketDir(this.localDir, bucket);
    let dir = dirname(file);
    while (dir.startsWith(`${root}/`)) {
      try {
        await rmdir(dir);
      } catch {
        return;
      }
      dir = dirname(dir);
    }
  }
}
