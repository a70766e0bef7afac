import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { storageErrors } from './errors';
import type { FileStore, ReceivedFile } from './files';
import { isMimeAllowed, mediaTypeEssence } from './limits';

export interface UploadRules {
  /** bytes; the smaller of the bucket's limit and the project's */
  maxBytes: number;
  allowedMimeTypes: string[] | null;
}

export interface ReceivedUpload {
  file: ReceivedFile;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

const DEFAULT_CACHE_CONTROL = 'no-cache';

function parseUserMetadata(raw: string | undefined): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    throw storageErrors.invalidRequest('Invalid metadata');
  }
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The content type as the uploader declared it, parameters included (`text/plain;charset=UTF-8`), as Supabase
 * keeps it: dropping the charset would make a download decode differently from what was uploaded.
 */
function fullMimeType(declared: string | undefined): string {
  return declared?.trim() || 'application/octet-stream';
}

/**
 * The declared type must be one well-formed media type whose `type/subtype` the bucket lists exactly;
 * its parameters are kept, and the database checks the recorded type the same way.
 */
function checkMime(mimetype: string, rules: UploadRules): void {
  const essence = mediaTypeEssence(mimetype);
  if (!essence || !isMimeAllowed(essence, rules.allowedMimeTypes)) throw storageErrors.invalidMimeType(mimetype);
}

/**
 * Receives an upload the way storage-js sends it: multipart form data (Blob/File/FormData bodies,
 * fields `cacheControl`, `metadata`, optional `contentType`, then the file) or a raw body whose
 * `content-type`, `cache-control` and base64 `x-metadata` headers describe it.
 * Rules are checked before anything is written and the file lands only in the temp directory.
 */
export async function receiveUpload(request: FastifyRequest, store: FileStore, rules: UploadRules): Promise<ReceivedUpload> {
  if (request.isMultipart()) return receiveMultipart(request, store, rules);

  const declared = Number(headerValue(request, 'content-length'));
  if (Number.isFinite(declared) && declared > rules.maxBytes) throw storageErrors.payloadTooLarge();
  const mimetype = fullMimeType(headerValue(request, 'content-type'));
  checkMime(mimetype, rules);
  const encodedMeta = headerValue(request, 'x-metadata');
  const userMetadata = parseUserMetadata(encodedMeta ? Buffer.from(encodedMeta, 'base64').toString('utf8') : undefined);
  const file = await store.receive(request.body as Readable, rules.maxBytes);
  return { file, mimetype, cacheControl: headerValue(request, 'cache-control') ?? DEFAULT_CACHE_CONTROL, userMetadata };
}

async function receiveMultipart(request: FastifyRequest, store: FileStore, rules: UploadRules): Promise<ReceivedUpload> {
  const fields: Record<string, string> = {};
  let upload: ReceivedUpload | undefined;
  let failure: unknown;
  // The size limit is enforced by the store while streaming (so the answer is Supabase's 413); busboy only
  // caps the form's shape and stops one byte past the limit.
  const parts = request.parts({ limits: { files: 1, fields: 10, fieldSize: 64 * 1024, fileSize: rules.maxBytes + 1 } });
  for await (const part of parts) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (upload || failure) {
      part.file.resume();
      continue;
    }
    try {
      const mimetype = fullMimeType(fields.contentType || part.mimetype);
      checkMime(mimetype, rules);
      const userMetadata = parseUserMetadata(fields.metadata);
      const file = await store.receive(part.file, rules.maxBytes);
      const cacheControl = fields.cacheControl ? `max-age=${fields.cacheControl}` : DEFAULT_CACHE_CONTROL;
      upload = { file, mimetype, cacheControl, userMetadata };
    } catch (err) {
      // Keep reading so the client receives the answer rather than a reset connection.
      part.file.resume();
      failure = err;
    }
  }
  if (failure) throw failure;
  if (!upload) throw storageErrors.noContent();
  return upload;
}
