import pg from 'pg';

/**
 * pgoutput sends each column in its text output form. Supabase Realtime (walrus) sends
 * `to_jsonb(value)`, so numbers are JSON numbers, json is parsed, booleans are booleans,
 * timestamps use ISO form and arrays are JSON arrays. This mirrors that from the text form,
 * keyed by `pg_type.typname` (the same names walrus puts in `columns[].type`).
 */

const NUMERIC = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);

/** '2024-05-01 10:00:00.5+00' → '2024-05-01T10:00:00.5+00:00', as to_jsonb prints timestamptz */
function isoTimestamptz(text: string): string {
  const t = text.replace(' ', 'T');
  return /[+-]\d\d$/.test(t) ? `${t}:00` : t;
}

function scalar(typname: string, text: string): unknown {
  if (NUMERIC.has(typname)) {
    const n = Number(text);
    // to_jsonb keeps NaN and Infinity (float, numeric) as strings
    return Number.isFinite(n) ? n : text;
  }
  switch (typname) {
    case 'bool':
      return text === 't' || text === 'true';
    case 'json':
    case 'jsonb':
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    case 'timestamptz':
      return isoTimestamptz(text);
    case 'timestamp':
      return text.replace(' ', 'T');
    default:
      return text;
  }
}

// pg-types' TypeId enum lists no array types, though the parsers exist
const TEXT_ARRAY_OID = 1009 as unknown as Parameters<typeof pg.types.getTypeParser>[0];
/** pg-types' `text[]` parser handles quoting, NULL and nesting; elements stay in text form */
const parseTextArray = pg.types.getTypeParser(TEXT_ARRAY_OID, 'text') as (text: string) => unknown;

function mapArray(value: unknown, element: string): unknown {
  if (Array.isArray(value)) return value.map((v) => mapArray(v, element));
  return typeof value === 'string' ? scalar(element, value) : value;
}

export function textToJson(typname: string, text: string | null | undefined): unknown {
  if (text === null || text === undefined) return null;
  if (typname.startsWith('_')) {
    const element = typname.slice(1);
    return mapArray(parseTextArray(text), element);
  }
  return scalar(typname, text);
}
