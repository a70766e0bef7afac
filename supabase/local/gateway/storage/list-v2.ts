import { storageErrors } from './errors';
import { MAX_LIST_LIMIT } from './limits';
import type { ObjectRow } from './queries';

/**
 * One entry of a list-v2 page: a file (with id) or, when listing with a delimiter, a folder (`name` ends in `/`).
 * `key` is the full name, what entries are sorted and paged by.
 */
interface Entry {
  id: string | null;
  name: string;
  key: string;
  row?: ObjectRow;
}

/**
 * What Supabase's `storage.search_v2` names an entry of a delimited listing: its path segment at the
 * prefix's depth, so a folder's name without its slash and a file's own name.
 */
function levelKey(name: string, prefix: string): string {
  const level = prefix ? prefix.split('/').length : 1;
  return name.split('/')[level - 1] ?? '';
}

export interface ListV2Options {
  prefix?: unknown;
  limit?: unknown;
  cursor?: unknown;
  with_delimiter?: unknown;
  sortBy?: unknown;
}

type SortColumn = 'name' | 'created_at' | 'updated_at';

interface Cursor {
  /** the last key of the previous page */
  after: string;
  order: 'asc' | 'desc';
  column: SortColumn;
  /** the sort column's value of that key, when sorting by a date */
  afterValue?: string;
}

const CURSOR_PARTS: Record<string, keyof Cursor> = { l: 'after', o: 'order', c: 'column', a: 'afterValue' };

// The cursor is opaque to clients; it is written in Supabase's own `l:<key>\no:<order>...` base64 form.
function encodeCursor(c: Cursor): string {
  const lines: string[] = [];
  for (const [k, field] of Object.entries(CURSOR_PARTS)) if (c[field]) lines.push(`${k}:${c[field]}`);
  return Buffer.from(lines.join('\n')).toString('base64');
}

function decodeCursor(raw: string): Cursor {
  const cursor: Partial<Cursor> = {};
  for (const line of Buffer.from(raw, 'base64').toString().split('\n')) {
    const match = /^(\S):(.*)$/.exec(line);
    const field = match ? CURSOR_PARTS[match[1]] : undefined;
    if (!match || !field) throw storageErrors.invalidParameter('continuation token');
    (cursor as Record<string, string>)[field] = match[2];
  }
  if (cursor.after === undefined) throw storageErrors.invalidParameter('continuation token');
  const column: SortColumn = cursor.column === 'created_at' || cursor.column === 'updated_at' ? cursor.column : 'name';
  return { after: cursor.after, order: cursor.order === 'desc' ? 'desc' : 'asc', column, afterValue: cursor.afterValue };
}

function sortValue(e: Entry, column: SortColumn): string {
  if (column === 'name' || !e.row) return '';
  return new Date(e.row[column]).toISOString();
}

/**
 * `POST /object/list-v2/:bucket`: a flat listing of keys under a prefix, or with `with_delimiter` one level of
 * files and folders, sorted by name or a date and paged with an opaque cursor (`hasNext`, `nextCursor`).
 */
export function listV2(rows: ObjectRow[], options: ListV2Options) {
  const prefix = typeof options.prefix === 'string' ? options.prefix : '';
  const rawLimit = options.limit === undefined ? MAX_LIST_LIMIT : Number(options.limit);
  if (!Number.isInteger(rawLimit) || rawLimit < 1) throw storageErrors.invalidRequest('body/limit must be >= 1');
  const limit = Math.min(rawLimit, MAX_LIST_LIMIT);
  const sortBy = (options.sortBy ?? {}) as { column?: unknown; order?: unknown };
  if (sortBy.column !== undefined && !['name', 'created_at', 'updated_at'].includes(String(sortBy.column))) {
    throw storageErrors.invalidRequest('body/sortBy/column must be equal to one of the allowed values');
  }
  const cursor = typeof options.cursor === 'string' && options.cursor !== '' ? decodeCursor(options.cursor) : undefined;
  const column: SortColumn = cursor?.column ?? (sortBy.column as SortColumn | undefined) ?? 'name';
  const order = cursor?.order ?? (sortBy.order === 'desc' ? 'desc' : 'asc');

  let entries: Entry[] = [];
  if (options.with_delimiter === true) {
    const seen = new Set<string>();
    for (const row of rows) {
      const slash = row.name.indexOf('/', prefix.length);
      if (slash >= 0) {
        const folder = row.name.slice(0, slash + 1);
        if (!seen.has(folder)) entries.push({ id: null, name: folder, key: folder });
        seen.add(folder);
      } else entries.push({ id: row.id, name: row.name, key: row.name, row });
    }
  } else {
    entries = rows.map((row) => ({ id: row.id, name: row.name, key: row.name, row }));
  }

  const sign = order === 'desc' ? -1 : 1;
  const compare = (a: { v: string; k: string }, b: { v: string; k: string }) => sign * (a.v < b.v ? -1 : a.v > b.v ? 1 : a.k < b.k ? -1 : a.k > b.k ? 1 : 0);
  const keyOf = (e: Entry) => ({ v: sortValue(e, column), k: e.key });
  entries.sort((a, b) => compare(keyOf(a), keyOf(b)));
  if (cursor) {
    const mark = { v: column === 'name' ? '' : (cursor.afterValue ?? ''), k: cursor.after };
    entries = entries.filter((e) => compare(keyOf(e), mark) > 0);
  }

  const page = entries.slice(0, limit);
  const hasNext = entries.length > limit;
  const last = page[page.length - 1];
  // Only a delimited listing names entries by level; a flat one answers storage.objects' columns alone.
  const delimited = options.with_delimiter === true;
  const keyField = (e: Entry) => (delimited ? { key: levelKey(e.name, prefix) } : {});
  const toObject = (e: Entry) => ({
    id: e.id,
    name: e.name,
    ...keyField(e),
    metadata: e.row?.metadata ?? null,
    created_at: e.row?.created_at,
    updated_at: e.row?.updated_at,
    last_accessed_at: e.row?.last_accessed_at,
  });
  return {
    hasNext,
    ...(hasNext && last
      ? {
          nextCursor: encodeCursor({ after: last.key, order, column, afterValue: column === 'name' ? undefined : sortValue(last, column) }),
          nextCursorKey: last.key,
        }
      : {}),
    folders: page.filter((e) => e.id === null).map((e) => ({ name: e.name, ...keyField(e) })),
    objects: page.filter((e) => e.id !== null).map(toObject),
  };
}
