import type { ReplicatedCollectionName } from '@/db/collections';
import { TABLE_SPECS } from '@/db/replication/tables';

/**
 * The PostgREST requests of a server-first read, as paths under `/rest/v1/`: kept apart from the code that
 * sends them so the page's early read (started by index.html before the app's JavaScript arrives) is built
 * from the very same strings, and the app recognises that request as its own.
 */

/** Rows of `collection` matching the PostgREST `filter`, without deleted rows, in the columns the store keeps. */
export function serverRowsPath(collection: ReplicatedCollectionName, filter: string): string {
  const spec = TABLE_SPECS[collection];
  return rowsPath(spec.table, spec.readColumns ?? '*', filter);
}

/** serverRowsPath with one related row (reached by a foreign key) embedded in each, under the name `as`. */
export function serverRowsWithPath(collection: ReplicatedCollectionName, embed: { as: string; collection: ReplicatedCollectionName }, filter: string): string {
  const spec = TABLE_SPECS[collection];
  const embedSpec = TABLE_SPECS[embed.collection];
  return rowsPath(spec.table, `${spec.readColumns ?? '*'},${embed.as}:${embedSpec.table}(${embedSpec.readColumns ?? '*'})`, filter);
}

/** The rows a count-only request of `collection` matching `filter` counts (their ids; the count is in a header). */
export function serverCountPath(collection: ReplicatedCollectionName, filter: string): string {
  return rowsPath(TABLE_SPECS[collection].table, 'id', filter);
}

function rowsPath(table: string, select: string, filter: string): string {
  return `${table}?select=${encodeURIComponent(select)}&_deleted=is.false${filter ? `&${filter}` : ''}`;
}

/** Where those paths live on the project at `supabaseUrl`. */
export function restBase(supabaseUrl: string): string {
  return `${supabaseUrl}/rest/v1/`;
}

/**
 * The public key as a query parameter, for a visitor's read. A cross-origin GET with no header of its own is
 * sent without a preflight (an OPTIONS request and its round trip first); the API's gateway takes the key from
 * the query as from the header and hides it from PostgREST. Appended to a read's path, which always has a query
 * (its `select`).
 */
export function publicKeyQuery(anonKey: string): string {
  return `&apikey=${encodeURIComponent(anonKey)}`;
}

/** The headers of a visitor's read, for a gateway that does not take the key from the query: the public key, no session. */
export function publicReadHeaders(anonKey: string): Record<string, string> {
  return { apikey: anonKey, Authorization: `Bearer ${anonKey}`, Accept: 'application/json' };
}
