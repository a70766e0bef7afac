/** SQL literal helpers for the generated seed (plain SQL, no psql variables, runs anywhere). */

export type SqlValue = string | number | boolean | null | readonly string[] | { json: unknown } | { raw: string };

export function literal(value: SqlValue): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return text(value);
  if (Array.isArray(value)) return value.length === 0 ? `'{}'::text[]` : `array[${value.map(text).join(', ')}]::text[]`;
  if ('raw' in value) return value.raw;
  if ('json' in value) return `${text(JSON.stringify(value.json))}::jsonb`;
  throw new Error(`unsupported SQL value ${String(value)}`);
}

function text(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** A moment relative to when the seed runs, so dates always read as recent. */
export function ago(minutes: number): { raw: string } {
  return { raw: `now() - interval '${Math.max(0, Math.round(minutes))} minutes'` };
}

/** Multi-row insert; rows already present (same id or pair) are left alone so the file can run twice. */
export function insertRows(table: string, columns: readonly string[], rows: readonly SqlValue[][], conflict = 'on conflict do nothing'): string {
  if (rows.length === 0) return '';
  const body = rows.map((row) => `  (${row.map(literal).join(', ')})`).join(',\n');
  return `insert into ${table} (${columns.join(', ')}) values\n${body}\n${conflict};\n`;
}
