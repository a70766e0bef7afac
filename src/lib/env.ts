import { z } from 'zod';

const envSchema = z.object({
  VITE_SUPABASE_URL: z.url().default('http://localhost:54321'),
  VITE_SUPABASE_ANON_KEY: z.string().default(''),
  VITE_DEMO_LOGINS: z
    .enum(['true', 'false', '1', '0', ''])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

export type AppEnv = {
  supabaseUrl: string;
  supabaseAnonKey: string;
  demoLogins: boolean;
};

/** Reads and validates the build-time environment once; a wrong value fails loudly at start-up rather than mid-session. */
export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const parsed = envSchema.parse(raw);
  return {
    supabaseUrl: parsed.VITE_SUPABASE_URL,
    supabaseAnonKey: parsed.VITE_SUPABASE_ANON_KEY,
    demoLogins: parsed.VITE_DEMO_LOGINS,
  };
}

export const env: AppEnv = parseEnv(import.meta.env);
