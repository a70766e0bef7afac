import { CONTENT_BUCKET } from '../constants';

/** Keeps a file name readable in a storage key: no slashes, no spaces, no characters keys reject. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[_.]+/, '');
  return cleaned === '' ? 'file' : cleaned.slice(-120);
}

/** {userId}/{type}/{timestamp}_{filename}. */
export function contentFilePath(userId: string, type: string, fileName: string, now = Date.now()): string {
  return `${userId}/${type}/${now}_${safeFileName(fileName)}`;
}

/** {userId}/covers/{timestamp}_{filename}. */
export function coverFilePath(userId: string, fileName: string, now = Date.now()): string {
  return `${userId}/covers/${now}_${safeFileName(fileName)}`;
}

/** The storage base address plus the returned path: the bucket is public, so this URL plays and downloads. */
export function publicFileUrl(apiUrl: string, path: string): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return `${apiUrl.replace(/\/$/, '')}/storage/v1/object/public/${CONTENT_BUCKET}/${encoded}`;
}

/** Overall progress 0-100: the content file fills 0-50, the cover 50-100 (no cover: the file fills it all at the end). */
export function combinedProgress(stage: 'content' | 'cover', fraction: number): number {
  const f = Math.min(1, Math.max(0, fraction));
  return Math.round(stage === 'content' ? f * 50 : 50 + f * 50);
}

const EXTENSION_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  zip: 'application/zip',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

/** The browser leaves File.type empty for some audio files; the bucket decides by MIME type, so derive it. */
export function mimeTypeOf(file: { name: string; type: string }): string {
  if (file.type) return file.type;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_TYPES[ext] ?? 'application/octet-stream';
}
