import { CONTENT_BUCKET, STORAGE_CACHE_CONTROL_SECONDS, UPLOAD_ERRORS } from '../constants';
import { mimeTypeOf } from './storage-paths';

export type UploadTarget = { apiUrl: string; anonKey: string; accessToken: string };

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly serverMessage: string | null,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * Uploads one file to the bucket with XMLHttpRequest, which (unlike fetch and
 * storage-js) reports upload progress. It speaks the same storage endpoint as
 * storage-js: a raw body, the member's token, no overwrite, cache control 3600.
 */
export function uploadFile(target: UploadTarget, path: string, file: File, onProgress: (fraction: number) => void, kind: 'content' | 'cover'): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const encoded = path.split('/').map(encodeURIComponent).join('/');
    xhr.open('POST', `${target.apiUrl.replace(/\/$/, '')}/storage/v1/object/${CONTENT_BUCKET}/${encoded}`);
    xhr.setRequestHeader('Authorization', `Bearer ${target.accessToken}`);
    xhr.setRequestHeader('apikey', target.anonKey);
    xhr.setRequestHeader('Content-Type', mimeTypeOf(file));
    xhr.setRequestHeader('Cache-Control', `max-age=${STORAGE_CACHE_CONTROL_SECONDS}`);
    xhr.setRequestHeader('x-upsert', 'false');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new UploadError(UPLOAD_ERRORS.network, 0, null));
    xhr.onabort = () => reject(new UploadError(UPLOAD_ERRORS.network, 0, null));
    xhr.onload = () => {
      let body: { Key?: string; message?: string; statusCode?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // A proxy's HTML error page: the status alone tells what happened.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        // Key is "{bucket}/{path}"; the path is what the record stores.
        resolve(body.Key ? body.Key.replace(new RegExp(`^${CONTENT_BUCKET}/`), '') : path);
        return;
      }
      const status = Number(body.statusCode ?? xhr.status);
      reject(new UploadError(describeUploadFailure(status, body.message ?? null, kind), status, body.message ?? null));
    };
    xhr.send(file);
  });
}

/** What the member reads when storage refuses a file: size and type rules in words, anything else as the server said it. */
export function describeUploadFailure(status: number, serverMessage: string | null, kind: 'content' | 'cover'): string {
  if (kind === 'cover' && (status === 403 || status === 413 || status === 415)) return UPLOAD_ERRORS.coverRejected;
  if (status === 413) return UPLOAD_ERRORS.contentTooLarge;
  if (status === 415) return UPLOAD_ERRORS.contentType;
  return serverMessage ?? UPLOAD_ERRORS.network;
}
