import type { FastifyReply, FastifyRequest } from 'fastify';
import { storageErrors } from './errors';
import type { FileStore } from './files';
import { mediaTypeEssence, servedInline } from './limits';
import type { ObjectRow } from './queries';

/** A document opened from a member's file gets a unique origin, no scripts, forms or popups. */
export const MEMBER_FILE_CSP = 'sandbox';

interface ByteRange {
  start: number;
  end: number;
}

/** A single `bytes=` range; undefined means "send everything", null means unsatisfiable. */
function parseRange(header: string | undefined, size: number): ByteRange | undefined | null {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return null;
  return { start, end };
}

/**
 * The range a request asks for, as `parseRange` gives it. An `If-Range` naming another version than `eTag` means the
 * client's partial copy is stale: it gets the whole file.
 */
export function requestedRange(request: FastifyRequest, size: number, eTag: string | undefined): ByteRange | undefined | null {
  const ifRange = request.headers['if-range'];
  if (ifRange !== undefined && ifRange !== eTag) return undefined;
  return parseRange(request.headers.range, size);
}

/** `attachment`, with the file name (the one asked for, or the object's own) for the browser to save it under. */
function attachment(download: unknown, name: string): string {
  const filename = typeof download === 'string' && download !== '' ? download : (name.split('/').pop() ?? name);
  return `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Answers a download with the headers Supabase Storage sends (type, Cache-Control from upload, ETag,
 * Last-Modified), honouring If-None-Match and single byte ranges so audio players can seek.
 *
 * Members' files come from the API's own origin, so none may act as a page of it: the browser may not
 * guess another type (nosniff, set for every storage answer), a sandbox policy keeps any document
 * that still opens from running scripts or reaching the origin, and only sound and raster images are
 * shown in place; every other type (or a recorded type that is not one well-formed media type) is a
 * download.
 */
export async function sendObject(store: FileStore, request: FastifyRequest, reply: FastifyReply, object: ObjectRow, withBody: boolean): Promise<FastifyReply> {
  const size = await store.size(object.bucket_id, object.name);
  if (size === undefined) throw storageErrors.objectNotFound();
  const meta = object.metadata;
  const essence = mediaTypeEssence(meta?.mimetype);
  reply.header('content-type', essence && meta?.mimetype ? meta.mimetype.trim() : 'application/octet-stream');
  reply.header('content-security-policy', MEMBER_FILE_CSP);
  reply.header('cache-control', meta?.cacheControl ?? 'no-cache');
  reply.header('last-modified', new Date(object.updated_at).toUTCString());
  reply.header('accept-ranges', 'bytes');
  if (meta?.eTag) reply.header('etag', meta.eTag);
  const query = request.query as Record<string, unknown>;
  if (query.download !== undefined || !servedInline(essence)) reply.header('content-disposition', attachment(query.download, object.name));

  if (meta?.eTag && request.headers['if-none-match'] === meta.eTag) return reply.code(304).send();

  const range = requestedRange(request, size, meta?.eTag);
  if (range === null) {
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }
  if (range) {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('content-length', range.end - range.start + 1);
    return withBody ? reply.send(store.read(object.bucket_id, object.name, range)) : reply.send();
  }
  reply.header('content-length', size);
  return withBody ? reply.send(store.read(object.bucket_id, object.name)) : reply.send();
}
