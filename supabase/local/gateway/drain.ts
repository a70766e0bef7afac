import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';

/** Refused bodies up to this size are read to their end; a larger one is cut off (the client sees a reset). */
export const MAX_DRAINED_BYTES = 200 * 1024 * 1024;

/**
 * Reads and discards the rest of a refused body before answering: a reply sent
 * mid-upload lets Node close the socket while the client is still writing,
 * and the client (fetch, supabase-js) then sees EPIPE instead of the 413.
 * Counts the bytes it discards, so a chunked body (no Content-Length) cannot
 * keep the gateway reading for ever.
 */
export function drainBody(raw: IncomingMessage): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  if (Number(raw.headers['content-length']) > MAX_DRAINED_BYTES) return Promise.resolve();
  return new Promise((resolve) => {
    let drained = 0;
    const onData = (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > MAX_DRAINED_BYTES) {
        raw.off('data', onData);
        raw.destroy();
        resolve();
      }
    };
    raw.on('data', onData);
    raw.once('end', resolve);
    raw.once('close', resolve);
    raw.once('error', () => resolve());
    raw.resume();
  });
}

export class BodyTooLarge extends Error {
  readonly statusCode = 413;
  constructor(message = 'Request body is too large') {
    super(message);
  }
}

/**
 * Reads a whole body, counting the bytes as they arrive rather than trusting
 * Content-Length (a chunked body has none). Past `limit` it stops listening and
 * rejects with a 413, leaving the stream open so drainBody can finish reading it
 * and the client receives the answer.
 */
export function readBodyWithin(stream: Readable, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        stream.pause();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
  });
}
