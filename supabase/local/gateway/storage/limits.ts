import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';

/** Used when `supabase/config.toml` has no `[storage] file_size_limit` (the Supabase CLI default). */
export const DEFAULT_GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

/** Most keys a single remove call may name, as Supabase Storage allows. */
export const MAX_REMOVE_PREFIXES = 1000;

/** Most rows one list call returns, whatever `limit` asks for. */
export const MAX_LIST_LIMIT = 1000;

export const LIST_DEFAULTS = { limit: 100, offset: 0, sortColumn: 'name', sortOrder: 'asc' } as const;

const UNITS: Record<string, number> = {
  b: 1,
  kb: 1000,
  mb: 1000 ** 2,
  gb: 1000 ** 3,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
};

/**
 * Bytes from a size as Supabase accepts it: a number of bytes, or a string such as "5MB", "100MiB", "30KB".
 * Returns undefined for anything else.
 */
export function parseFileSize(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  if (!match) return undefined;
  const unit = UNITS[(match[2] || 'b').toLowerCase()];
  return unit === undefined ? undefined : Math.floor(Number(match[1]) * unit);
}

/** The project-wide upload limit, `[storage] file_size_limit` in `supabase/config.toml`. */
export function loadGlobalFileSizeLimit(supabaseDir: string): number {
  try {
    const toml = parse(readFileSync(join(supabaseDir, 'config.toml'), 'utf8')) as { storage?: { file_size_limit?: unknown } };
    return parseFileSize(toml.storage?.file_size_limit) ?? DEFAULT_GLOBAL_FILE_SIZE_LIMIT;
  } catch {
    return DEFAULT_GLOBAL_FILE_SIZE_LIMIT;
  }
}

/** The MIME type without parameters, lower-cased: `Text/Plain; charset=UTF-8` → `text/plain`. */
export function baseMimeType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/** Whether `mime` is allowed by a bucket's list, which may hold wildcards such as `image/*`. */
export function isMimeAllowed(mime: string, allowed: string[] | null | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((entry) => {
    const rule = baseMimeType(entry);
    if (rule === '*/*' || rule === '*') return true;
    if (rule.endsWith('/*')) return mime.startsWith(rule.slice(0, -1));
    return rule === mime;
  });
}
