import type { RxJsonSchema } from 'rxdb';
import { takeEarlyRead } from '@/launch/early-reads';
import { env } from '@/lib/env';
import type { ReplicatedCollectionName } from '@/db/collections';
import { rowToDoc, type Row } from '@/db/replication/row-mapping';
import { TABLE_SPECS } from '@/db/replication/tables';
import { publicKeyQuery, publicReadHeaders, restBase, serverCountPath, serverRowsPath, serverRowsWithPath } from './server-read-paths';

/**
 * The first screen of a device whose local store has never been filled (a
 * shared link opened on a new phone) is read straight from the server: one
 * PostgREST request as soon as the route knows what it shows, instead of
 * waiting for RxDB to load, IndexedDB to open and replication to fill it.
 * A plain fetch with the public key, so neither supabase-js nor RxDB is
 * needed before that screen is painted. The rows come back in the shape the
 * store keeps them, so the screen renders the same thing once the store has
 * the same rows, without a flash or a jump.
 */

export class ServerReadError extends Error {}

/**
 * A visitor's read of `url`, as the page's early read sends it: the public key in the query and no header, so
 * the browser sends it at once, with no CORS preflight before it. A gateway that does not take the key from
 * the query answers 401 (or a 400 naming `apikey`, had it passed the key on to PostgREST as a filter): the read
 * is then sent again with the key in its headers, as supabase-js sends it. Any other refusal is the read's own.
 */
async function publicRead(url: string, signal?: AbortSignal): Promise<Response> {
  const response = await fetch(url + publicKeyQuery(env.supabaseAnonKey), { signal });
  const keyRefused = response.status === 401 || (response.status === 400 && (await response.clone().text()).includes('apikey'));
  return keyRefused ? fetch(url, { headers: publicReadHeaders(env.supabaseAnonKey), signal }) : response;
}

async function fetchRows(path: string, signal?: AbortSignal): Promise<Row[]> {
  const url = restBase(env.supabaseUrl) + path;
  // The page may have sent this very request before the app loaded; a failed one is sent again.
  const early = await takeEarlyRead(url)?.catch(() => null);
  const response = early?.ok ? early : await publicRead(url, signal);
  if (!response.ok) throw new ServerReadError(`${path.split('?')[0]}: HTTP ${response.status}`);
  const rows = (await response.json()) as unknown;
  if (!Array.isArray(rows)) throw new ServerReadError(`${path.split('?')[0]}: not a list of rows`);
  return rows as Row[];
}

/**
 * Rows of `collection` matching the PostgREST `filter` (e.g. `discussion_id=eq.<id>&order=created_at.asc`),
 * without deleted rows, as the local store would hold them.
 */
export async function readServerRows<T>(collection: ReplicatedCollectionName, schema: RxJsonSchema<T>, filter: string, signal?: AbortSignal): Promise<T[]> {
  const rows = await fetchRows(serverRowsPath(collection, filter), signal);
  return rows.map((row) => rowToDoc(TABLE_SPECS[collection], schema, row) as T);
}

/** What one row of another collection, reached by a foreign key, is embedded as. */
export type ServerEmbed<E> = { as: string; collection: ReplicatedCollectionName; schema: RxJsonSchema<E> };

/**
 * readServerRows with one related row embedded in each (PostgREST resource embedding, e.g. a post's author):
 * one request instead of two in a row. A deleted embedded row comes back as null, as the store would not have it.
 */
export async function readServerRowsWith<T, E>(
  collection: ReplicatedCollectionName,
  schema: RxJsonSchema<T>,
  embed: ServerEmbed<E>,
  filter: string,
  signal?: AbortSignal,
): Promise<{ doc: T; embedded: E | null }[]> {
  const spec = TABLE_SPECS[collection];
  const embedSpec = TABLE_SPECS[embed.collection];
  const rows = await fetchRows(serverRowsWithPath(collection, embed, filter), signal);
  return rows.map((row) => {
    const { [embed.as]: related, ...own } = row;
    const live = related && typeof related === 'object' && (related as Row)._deleted !== true ? (related as Row) : null;
    return { doc: rowToDoc(spec, schema, own) as T, embedded: live ? (rowToDoc(embedSpec, embed.schema, live) as E) : null };
  });
}

/**
 * readServerRows with the rows of another collection that point at each (PostgREST resource embedding of a
 * one-to-many relation, e.g. a profile with its content): one request for a screen made of both. The embedded
 * rows are filtered and ordered through `filter` with the embed's name (`content.is_public=eq.true`); deleted
 * ones are left out, as the store would not have them.
 */
export async function readServerRowsWithList<T, E>(
  collection: ReplicatedCollectionName,
  schema: RxJsonSchema<T>,
  embed: ServerEmbed<E>,
  filter: string,
  signal?: AbortSignal,
): Promise<{ doc: T; embedded: E[] }[]> {
  const spec = TABLE_SPECS[collection];
  const embedSpec = TABLE_SPECS[embed.collection];
  const rows = await fetchRows(serverRowsWithPath(collection, embed, filter), signal);
  return rows.map((row) => {
    const { [embed.as]: related, ...own } = row;
    const list = Array.isArray(related) ? (related as Row[]).filter((r) => r && typeof r === 'object' && r._deleted !== true) : [];
    return { doc: rowToDoc(spec, schema, own) as T, embedded: list.map((r) => rowToDoc(embedSpec, embed.schema, r) as E) };
  });
}

/**
 * How many live rows of `collection` match the PostgREST `filter`, as the server counts them for anyone (the
 * public key): a count-only request (HEAD, PostgREST's exact count in Content-Range), no rows.
 */
export async function countServerRows(collection: ReplicatedCollectionName, filter: string, signal?: AbortSignal): Promise<number> {
  const response = await fetch(restBase(env.supabaseUrl) + serverCountPath(collection, filter), {
    method: 'HEAD',
    headers: { ...publicReadHeaders(env.supabaseAnonKey), Prefer: 'count=exact' },
    signal,
  });
  if (!response.ok) throw new ServerReadError(`${collection}: HTTP ${response.status}`);
  // "0-24/57", or "*/0" for none.
  const total = Number(response.headers.get('content-range')?.split('/')[1]);
  if (!Number.isInteger(total) || total < 0) throw new ServerReadError(`${collection}: no count`);
  return total;
}

/** A PostgREST `in.(...)` list of ids (uuids need no quoting). */
export function inList(ids: readonly string[]): string {
  return `in.(${ids.map(encodeURIComponent).join(',')})`;
}

const reads = new Map<string, Promise<unknown>>();

/** The answers of the shared reads that succeeded, by their promise. */
const answers = new WeakMap<Promise<unknown>, { value: unknown }>();

/** How long a read is handed to later screens: long enough for the loader-to-mount hop, short enough not to show old rows on a later visit. */
export const SERVER_READ_REUSE_MS = 30_000;

/**
 * One shared read per key: the route's loader starts it as navigation begins and the screen joins it when it
 * mounts. A failed read is forgotten, so the next screen that wants it asks again.
 */
export function sharedServerRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const pending = reads.get(key) as Promise<T> | undefined;
  if (pending) return pending;
  const started = read();
  reads.set(key, started);
  const forget = () => reads.delete(key);
  started.then((value) => {
    answers.set(started, { value });
    setTimeout(forget, SERVER_READ_REUSE_MS);
  }, forget);
  return started;
}

/**
 * The answer of a shared read that already succeeded, read synchronously: a screen rendering for the first time
 * shows it in that very render, instead of mounting empty and rendering again once its effect asked.
 */
export function settledServerRead<T>(read: Promise<T>): { value: T } | undefined {
  return answers.get(read) as { value: T } | undefined;
}

/**
 * Settles when every shared read in flight now has (answered or failed): the launch waits for the reads its
 * route's loader started, so React's first render already holds the screen's rows.
 */
export async function serverReadsInFlight(): Promise<void> {
  await Promise.allSettled(reads.values());
}
