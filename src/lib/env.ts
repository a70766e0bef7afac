import * as z from 'zod/mini';

const flag = z.catch(z.optional(z.enum(['true', 'false', '1', '0', ''])), undefined);

const envSchema = z.object({
  VITE_SUPABASE_URL: z._default(z.url(), 'http://localhost:54321'),
  VITE_SUPABASE_ANON_KEY: z._default(z.string(), ''),
  VITE_DEMO_LOGINS: flag,
  VITE_IMAGE_TRANSFORMS: flag,
});

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
  const parsed = envSchema.parse(raw);
  const demo = parsed.VITE_DEMO_LOGINS;
  return {
    supabaseUrl: parsed.VITE_SUPABASE_URL,
    supabaseAnonKey: parsed.VITE_SUPABASE_ANON_KEY,
    demoLogins: demo === undefined || demo === '' || demo === 'true' || demo === '1',
    imageTransforms: parsed.VITE_IMAGE_TRANSFORMS !== 'false' && parsed.VITE_IMAGE_TRANSFORMS !== '0',
  };
}

export const env: AppEnv = parseEnv(import.meta.env);
