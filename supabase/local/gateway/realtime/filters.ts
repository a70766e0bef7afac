import { textToJson } from './values';

/**
 * `postgres_changes` filters as realtime-js sends them: `column=op.value`, several joined by
 * commas (AND), an optional `not.` prefix, values in PostgREST quoting (`eq."a,b"`, `in.(1,"x,y")`).
 */

export const FILTER_OPERATORS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'is', 'like', 'ilike'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface FilterCondition {
  column: string;
  op: FilterOperator;
  negate: boolean;
  /** text form of the value(s), converted per column type when compared */
  values: string[];
}

export class FilterParseError extends Error {}

/** Splits on `sep` outside double quotes and parentheses. */
function splitTop(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\\' && quoted && i + 1 < text.length) {
      current += ch + text[++i]!;
      continue;
    }
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '(') depth++;
    else if (!quoted && ch === ')') depth--;
    if (ch === sep && !quoted && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  if (quoted || depth !== 0) throw new FilterParseError('unbalanced quotes or parentheses');
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) return v.slice(1, -1).replace(/\\(.)/g, '$1');
  return v;
}

export function parseFilter(filter: string | undefined | null): FilterCondition[] {
  if (filter === undefined || filter === null || filter.trim() === '') return [];
  return splitTop(filter, ',').map((raw) => {
    const eq = raw.indexOf('=');
    if (eq <= 0) throw new FilterParseError(`"${raw}" is not column=operator.value`);
    const column = raw.slice(0, eq).trim();
    let rest = raw.slice(eq + 1);
    let negate = false;
    if (rest.startsWith('not.')) {
      negate = true;
      rest = rest.slice(4);
    }
    const dot = rest.indexOf('.');
    if (dot <= 0) throw new FilterParseError(`"${raw}" has no operator`);
    const op = rest.slice(0, dot) as FilterOperator;
    if (!FILTER_OPERATORS.includes(op)) throw new FilterParseError(`operator "${op}" is not supported`);
    const valueText = rest.slice(dot + 1);
    if (op === 'in') {
      const inner = valueText.trim();
      if (!inner.startsWith('(') || !inner.endsWith(')')) throw new FilterParseError(`"in" needs a list in parentheses: ${valueText}`);
      const body = inner.slice(1, -1);
      return { column, op, negate, values: body === '' ? [] : splitTop(body, ',').map(unquote) };
    }
    return { column, op, negate, values: [unquote(valueText)] };
  });
}

const TIME_TYPES = new Set(['timestamptz', 'timestamp', 'date']);

/** -1, 0, 1, or null when either side is null (SQL NULL never matches a comparison). */
function compare(typname: string, recordValue: unknown, filterText: string): number | null {
  if (recordValue === null || recordValue === undefined) return null;
  const filterValue = textToJson(typname, filterText);
  if (typeof recordValue === 'number' && typeof filterValue === 'number') return Math.sign(recordValue - filterValue);
  if (typeof recordValue === 'boolean' && typeof filterValue === 'boolean') return recordValue === filterValue ? 0 : recordValue ? 1 : -1;
  if (TIME_TYPES.has(typname)) {
    const a = Date.parse(String(recordValue));
    const b = Date.parse(String(filterValue));
    if (!Number.isNaN(a) && !Number.isNaN(b)) return Math.sign(a - b);
  }
  let a = typeof recordValue === 'object' ? JSON.stringify(recordValue) : String(recordValue);
  let b = typeof filterValue === 'object' ? JSON.stringify(filterValue) : String(filterValue);
  if (typname === 'uuid') {
    a = a.toLowerCase();
    b = b.toLowerCase();
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

function likeToRegExp(pattern: string, flags: string): RegExp {
  const escaped = pattern
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/%/g, '.*')
    .replace(/_/g, '.')
    .replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`, flags);
}

function test(cond: FilterCondition, typname: string, value: unknown): boolean {
  const first = cond.values[0] ?? '';
  switch (cond.op) {
    case 'is': {
      const v = first.toLowerCase();
      if (v === 'null') return value === null || value === undefined;
      if (v === 'true') return value === true;
      if (v === 'false') return value === false;
      return false;
    }
    case 'in':
      return cond.values.some((v) => compare(typname, value, v) === 0);
    case 'like':
    case 'ilike':
      return value !== null && value !== undefined && likeToRegExp(first, cond.op === 'ilike' ? 'i' : '').test(String(value));
    default: {
      const c = compare(typname, value, first);
      if (c === null) return false;
      switch (cond.op) {
        case 'eq':
          return c === 0;
        case 'neq':
          return c !== 0;
        case 'lt':
          return c < 0;
        case 'lte':
          return c <= 0;
        case 'gt':
          return c > 0;
        case 'gte':
          return c >= 0;
      }
    }
  }
}

/**
 * Whether a row passes every condition. A column missing from the row (for example a DELETE
 * of a table with REPLICA IDENTITY DEFAULT, which only carries the key) never matches, as in walrus.
 */
export function matchesFilters(conditions: FilterCondition[], row: Record<string, unknown>, types: Map<string, string>): boolean {
  for (const cond of conditions) {
    if (!(cond.column in row)) return false;
    const value = row[cond.column];
    // SQL: a comparison with NULL is NULL, and so is its negation; only `is` tests NULL
    if (cond.op !== 'is' && (value === null || value === undefined)) return false;
    const ok = test(cond, types.get(cond.column) ?? 'text', value);
    if (ok === cond.negate) return false;
  }
  return true;
}
