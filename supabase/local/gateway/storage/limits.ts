import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { safeParse } from 'fast-content-type-parse';
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

/**
 * The `type/subtype` of a media type, lower-cased, when the whole value is well formed (RFC 9110:
 * tokens, then `; name=value` parameters of tokens or quoted strings); undefined otherwise. A value
 * such as `audio/mpeg; charset=x, text/html` is not one media type, so it has no type at all.
 */
export function mediaTypeEssence(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return safeParse(value).type || undefined;
}

/**
 * Whether a media type's `type/subtype` is exactly one of a bucket's types (`type/*` entries allow any
 * subtype of `type`). An empty list allows every type, as on Supabase.
 */
export function isMimeAllowed(essence: string, allowed: string[] | null | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  const [type] = essence.split('/');
  return allowed.some((entry) => {
    const rule = entry.trim().toLowerCase();
    if (rule === '*/*' || rule === '*') return true;
    if (rule.endsWith('/*')) return rule === `${type}/*`;
    return rule === essence;
  });
}

/**
 * Whether a browser may show a member's file in place: sound and raster images only. SVG is an
 * image that can carry scripts, and anything else (HTML, PDF, text) could act as a page of the
 * project's origin, so those are served as downloads.
 */
export function servedInline(essence: string | undefined): boolean {
  if (!essence || essence === 'image/svg+xml') return false;
  return essence.startsWith('audio/') || essence.startsWith('image/');
}
