import type { RxJsonSchema, WithDeleted } from 'rxdb';
import type { TableSyncSpec } from './tables';

export type Row = Record<string, unknown>;

/**
 * PostgREST's UTC timestamps: date, time, up to six fractional digits, "+00:00". Such a value is written
 * as toISOString() would write it without building a Date (a first sync maps two per row, 40,000 rows):
 * the first three fractional digits, as Date.parse keeps them. Anything else, and a day past its month's
 * end (which Date rolls into the next month), goes through Date.
 */
const SERVER_UTC = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.(\d{1,6}))?(?:\+00:00|Z)$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Server timestamps arrive as "2026-01-02T03:04:05.123456+00:00"; local ones as toISOString(). One format keeps index order right. */
export function normalizeTimestamp(value: unknown): unknown {
  if (typeof value !== 'string' || value === '') return value;
  const utc = SERVER_UTC.exec(value);
  if (utc && Number(utc[3]) <= daysInMonth(Number(utc[1]), Number(utc[2]))) {
    return `${value.slice(0, 19)}.${(utc[4] ?? '').slice(0, 3).padEnd(3, '0')}Z`;
  }
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

/** How a row's column becomes a document's field: kept as is, or as a timestamp; whether it may be null. */
interface FieldPlan {
  timestamp: boolean;
  nullable: boolean;
}

/** Each table's plan of its schema's fields, made once: a sync maps every row it pulls. */
const fieldPlans = new WeakMap<TableSyncSpec, { schema: RxJsonSchema<unknown>; fields: Map<string, FieldPlan> }>();

function fieldPlan<T>(spec: TableSyncSpec, schema: RxJsonSchema<T>): Map<string, FieldPlan> {
  const known = fieldPlans.get(spec);
  if (known && known.schema === schema) return known.fields;
  const fields = new Map<string, FieldPlan>();
  for (const [key, property] of Object.entries(schema.properties as Record<string, { type?: unknown }>)) {
    const type = property?.type;
    fields.set(key, { timestamp: spec.timestampFields.includes(key), nullable: Array.isArray(type) && type.includes('null') });
  }
  fieldPlans.set(spec, { schema: schema as RxJsonSchema<unknown>, fields });
  return fields;
}

/** A PostgREST row → the local document: `_modified` kept as server_modified, unknown columns dropped. */
export function rowToDoc<T>(spec: TableSyncSpec, schema: RxJsonSchema<T>, row: Row): WithDeleted<T> {
  const fields = fieldPlan(spec, schema);
  const doc: Row = {};
  for (const key of Object.keys(row)) {
    const field = fields.get(key);
    if (!field) continue;
    const value = field.timestamp ? normalizeTimestamp(row[key]) : row[key];
    // Optional non-null-typed fields must be absent rather than null to validate.
    if (value === null && !field.nullable) continue;
    doc[key] = value;
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
