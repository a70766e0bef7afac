/**
 * Plain checks, not a schema library: this runs while the entry evaluates, where building and compiling a schema
 * cost the first screen more than the four fields are worth.
 */
const FLAGS = ['true', 'false', '1', '0', ''] as const;
type Flag = (typeof FLAGS)[number];

function flag(value: unknown): Flag | undefined {
  return FLAGS.find((f) => f === value);
}

export type AppEnv = {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** Demo logins: on unless the build turns them off. */
  demoLogins: boolean;
  /** Whether the project serves resized images (`/render/image`); off for hosted plans without image transformation. */
  imageTransforms: boolean;
};

/** Reads and validates the build-time environment once; a wrong URL fails loudly at start-up rather than mid-session. */
export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const url = raw.VITE_SUPABASE_URL ?? 'http://localhost:54321';
  // new URL, not URL.canParse: the latter is missing from phones a few years old.
  if (typeof url !== 'string') throw new Error('VITE_SUPABASE_URL is not text');
  try {
    new URL(url);
  } catch {
    // the browser's own "Invalid URL" names neither the setting nor the fix
    throw new Error(`VITE_SUPABASE_URL is not a URL (${JSON.stringify(url)}): set it to the project's address, e.g. https://<project>.supabase.co`);
  }
  const key = raw.VITE_SUPABASE_ANON_KEY ?? '';
  if (typeof key !== 'string') throw new Error('VITE_SUPABASE_ANON_KEY is not text');
  const demo = flag(raw.VITE_DEMO_LOGINS);
  const transforms = flag(raw.VITE_IMAGE_TRANSFORMS);
  return {
    supabaseUrl: url,
    supabaseAnonKey: key,
    demoLogins: demo === undefined || demo === '' || demo === 'true' || demo === '1',
    imageTransforms: transforms !== 'false' && transforms !== '0',
  };
}

export const env: AppEnv = parseEnv(import.meta.env);
