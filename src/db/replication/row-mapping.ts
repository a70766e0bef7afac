import type { RxJsonSchema, WithDeleted } from 'rxdb';
import type { TableSyncSpec } from './tables';

export type Row = Record<string, unknown>;

/** Server timestamps arrive as "2026-01-02T03:04:05.123456+00:00"; local ones as toISOString(). One format keeps index order right. */
export function normalizeTimestamp(value: unknown): unknown {
  if (typeof value !== 'string' || value === '') return value;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

/** A PostgREST row → the local document: `_modified` kept as server_modified, unknown columns dropped. */
export function rowToDoc<T>(spec: TableSyncSpec, schema: RxJsonSchema<T>, row: Row): WithDeleted<T> {
  const properties = schema.properties as Record<string, unknown>;
  const doc: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (key in properties) doc[key] = spec.timestampFields.includes(key) ? normalizeTimestamp(value) : value;
  }
  // Optional non-null-typed fields must be absent rather than null to validate.
  for (const [key, value] of Object.entries(doc)) {
    const type = (properties[key] as { type?: unknown } | undefined)?.type;
    if (value === null && !(Array.isArray(type) && type.includes('null'))) delete doc[key];
  }
  spec.normalize?.(doc);
  doc.server_modified = typeof row._modified === 'string' ? row._modified : null;
  doc._deleted = row._deleted === true;
  return doc as WithDeleted<T>;
}

/** The columns of a local document the client may send, in the server's shape. */
export function docToRow(spec: TableSyncSpec, doc: Row, columns: readonly string[]): Row {
  const row: Row = {};
  for (const column of columns) {
    if (!(column in doc)) continue;
    let value = doc[column];
    // '' stands in for null in indexed timestamp fields (blog_posts.published_at).
    if (value === '' && spec.timestampFields.includes(column)) value = null;
    row[column] = value;
  }
  return row;
}
