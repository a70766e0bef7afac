import type { FastifyReply } from 'fastify';

/** The JSON body Supabase Storage sends for every error; storage-js reads `statusCode` and `message`. */
export interface StorageErrorBody {
  statusCode: string;
  error: string;
  message: string;
}

/**
 * Messages the storage API answers with, word for word as Supabase Storage sends them,
 * so callers (and tests) can compare against one source.
 */
export const STORAGE_MESSAGES = {
  rlsViolation: 'new row violates row-level security policy',
  payloadTooLarge: 'The object exceeded the maximum allowed size',
  alreadyExists: 'The resource already exists',
  objectNotFound: 'Object not found',
  bucketNotFound: 'Bucket not found',
  bucketNotEmpty: 'The bucket you tried to delete is not empty',
  /** jose's text for an empty token: what Storage answers when the request carried neither Authorization nor apikey */
  invalidCompactJws: 'Invalid Compact JWS',
  invalidMimeType: (mime: string) => `mime type ${mime} is not supported`,
  invalidKey: (key: string) => `Invalid key: ${key}`,
  invalidBucketName: 'Bucket name invalid',
  noContent: 'No content provided',
  internal: 'Internal server error',
  bucketEmptied: 'Empty bucket has been queued. Completion may take up to an hour.',
  invalidUploadSignature: 'Invalid upload Signature',
  expiredSignature: 'The provided token has expired.',
  wrongScope: (scope: string) => `Token is not scoped for ${scope}`,
  invalidParameter: (name: string) => `Invalid Parameter ${name}`,
  imageInvalid: 'The source image is invalid or unsupported for rendering',
  imageTooLarge: 'The source image file is too large to process',
  imageResolutionTooLarge: 'The source image resolution is too large to process',
} as const;

/** An error with the status and body Supabase Storage would send. */
export class StorageHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
    this.name = 'StorageHttpError';
  }

  body(): StorageErrorBody {
    return { statusCode: String(this.statusCode), error: this.error, message: this.message };
  }
}

export const storageErrors = {
  rlsViolation: () => new StorageHttpError(403, 'Unauthorized', STORAGE_MESSAGES.rlsViolation),
  payloadTooLarge: () => new StorageHttpError(413, 'Payload too large', STORAGE_MESSAGES.payloadTooLarge),
  invalidMimeType: (mime: string) => new StorageHttpError(415, 'invalid_mime_type', STORAGE_MESSAGES.invalidMimeType(mime)),
  alreadyExists: () => new StorageHttpError(409, 'Duplicate', STORAGE_MESSAGES.alreadyExists),
  objectNotFound: () => new StorageHttpError(404, 'not_found', STORAGE_MESSAGES.objectNotFound),
  bucketNotFound: () => new StorageHttpError(404, 'Bucket not found', STORAGE_MESSAGES.bucketNotFound),
  bucketNotEmpty: () => new StorageHttpError(409, 'InvalidRequest', STORAGE_MESSAGES.bucketNotEmpty),
  accessDenied: (message: string) => new StorageHttpError(403, 'Unauthorized', message),
  invalidJwt: (message: string) => new StorageHttpError(400, 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') => new StorageHttpError(400, 'InvalidSignature', message),
  invalidKey: (key: string) => new StorageHttpError(400, 'InvalidKey', STORAGE_MESSAGES.invalidKey(key)),
  invalidBucketName: () => new StorageHttpError(400, 'Invalid Input', STORAGE_MESSAGES.invalidBucketName),
  invalidRequest: (message: string) => new StorageHttpError(400, 'InvalidRequest', message),
  noContent: () => new StorageHttpError(400, 'InvalidRequest', STORAGE_MESSAGES.noContent),
  internal: () => new StorageHttpError(500, 'internal', STORAGE_MESSAGES.internal),
  invalidUploadSignature: (message: string = STORAGE_MESSAGES.invalidUploadSignature) => new StorageHttpError(400, 'InvalidUploadSignature', message),
  expiredSignature: () => new StorageHttpError(400, 'ExpiredToken', STORAGE_MESSAGES.expiredSignature),
  invalidParameter: (name: string, message?: string) => new StorageHttpError(400, 'InvalidParameter', message ?? STORAGE_MESSAGES.invalidParameter(name)),
  imageProcessing: (message: string) => new StorageHttpError(400, 'InvalidRequest', message),
};

interface PgErrorLike {
  code?: string;
  constraint?: string;
}

/** Maps a Postgres error raised while acting as the caller to what Supabase Storage answers. */
export function fromDatabaseError(err: unknown): StorageHttpError {
  if (err instanceof StorageHttpError) return err;
  const code = (err as PgErrorLike | null)?.code;
  if (code === '42501') return storageErrors.rlsViolation();
  if (code === '23505') return storageErrors.alreadyExists();
  if (code === '23503') return storageErrors.bucketNotFound();
  // A rule of the database on the row (a type or a name it refuses) explains itself.
  if (code === '23514') return storageErrors.invalidRequest((err as Error).message);
  return storageErrors.internal();
}

/**
 * Supabase Storage answers every handled error with HTTP 400 (500 for internal errors) and puts the
 * meaningful status in the body's `statusCode`; storage-js surfaces both (`status`, `statusCode`).
 */
export function sendStorageError(reply: FastifyReply, err: StorageHttpError): FastifyReply {
  const httpStatus = err.statusCode >= 500 ? 500 : 400;
  return reply.code(httpStatus).type('application/json; charset=utf-8').send(err.body());
}
