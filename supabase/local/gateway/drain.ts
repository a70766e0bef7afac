import type { IncomingMessage } from 'node:http';

/** Refused bodies up to this size are read to their end; a larger one is cut off (the client sees a reset). */
export const MAX_DRAINED_BYTES = 200 * 1024 * 1024;

/**
 * Reads and discards the rest of a refused body before answering: a reply sent
 * mid-upload lets Node close the socket while the client is still writing,
 * and the client (fetch, supabase-js) then sees EPIPE instead of the 413.
 */
export function drainBody(raw: IncomingMessage): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  if (Number(raw.headers['content-length']) > MAX_DRAINED_BYTES) return Promise.resolve();
  return new Promise((resolve) => {
    raw.once('end', resolve);
    raw.once('close', resolve);
    raw.once('error', () => resolve());
    raw.resume();
  });
}
