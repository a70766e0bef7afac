import type { RxJsonSchema } from 'rxdb';

/** The device's own bookkeeping column, never part of what a screen renders. */
type Bookkeeping = 'server_modified';

/** A stored document with every column of its table present: null where the document has none. */
export type EveryColumn<Doc> = {
  [K in Exclude<keyof Doc, Bookkeeping>]-?: undefined extends Doc[K] ? Exclude<Doc[K], undefined> | null : Doc[K];
};

/** What these helpers read of a store schema: its columns, their JSON types and which are required. */
type Columns<Doc> = Pick<RxJsonSchema<Doc>, 'properties' | 'required'>;

const columnsOf = <Doc>(schema: Columns<Doc>): string[] => Object.keys(schema.properties).filter((name) => name !== 'server_modified');

/**
 * What a screen renders of a stored document (or of a server row mapped the same way): the columns its table's
 * declaration names, so a new column reaches the screens without another list to keep.
 */
export function withEveryColumn<Doc extends object>(schema: Columns<Doc>, doc: Doc): EveryColumn<Doc> {
  const source = doc as Record<string, unknown>;
  return Object.fromEntries(columnsOf(schema).map((name) => [name, source[name] ?? null])) as EveryColumn<Doc>;
}

const JSON_TYPE_CHECKS: Record<string, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  boolean: (value) => typeof value === 'boolean',
  integer: (value) => Number.isInteger(value),
  number: (value) => typeof value === 'number',
  array: (value) => Array.isArray(value),
  object: (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  null: (value) => value === null,
};

/**
 * Whether a value kept outside the store (a launch snapshot) still has every column the declaration names, each of
 * the type it declares: a snapshot written before a column existed is read as missing, not rendered half.
 */
export function hasEveryColumn<Doc>(schema: Columns<Doc>, value: unknown): boolean {
  const required: readonly string[] = (schema.required ?? []) as readonly string[];
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return columnsOf(schema).every((name) => {
    if (!(name in row)) return false;
    const declared = (schema.properties as Record<string, { type?: string | readonly string[] }>)[name]?.type;
    if (declared === undefined) return true;
    const types = typeof declared === 'string' ? [declared] : declared;
    // An optional column is rendered as null where the document has none.
    const allowed = required.includes(name) ? types : [...types, 'null'];
    return allowed.some((type) => JSON_TYPE_CHECKS[type]?.(row[name]) ?? true);
  });
}
