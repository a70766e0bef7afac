import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import type { StackConfig } from './config';

export interface StackKeys {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /**
   * The project's own secrets (e.g. VAPID keys for Web Push), made once by the `extraKeys` option and
   * kept with the others; functions get each as an environment variable of the same name.
   */
  extra: Record<string, string>;
}

/** Makes the project's extra keys the first time the stack starts in a data directory. */
export type ExtraKeys = () => Record<string, string> | Promise<Record<string, string>>;

const TEN_YEARS = 10 * 365 * 24 * 3600;

async function apiKey(secret: string, role: 'anon' | 'service_role'): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iss: 'supabase-local', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + TEN_YEARS)
    .sign(new TextEncoder().encode(secret));
}

/** Keys are generated on first start and kept, so tokens and push subscriptions survive restarts. */
export async function loadOrCreateKeys(config: StackConfig, extraKeys?: ExtraKeys): Promise<StackKeys> {
  const file = join(config.localDir, 'keys.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<StackKeys>) : null;
  if (stored?.jwtSecret && stored.anonKey && stored.serviceRoleKey && (stored.extra || !extraKeys)) return { extra: {}, ...stored } as StackKeys;
  mkdirSync(config.localDir, { recursive: true });
  const jwtSecret = stored?.jwtSecret ?? randomBytes(32).toString('base64url');
  const keys: StackKeys = {
    jwtSecret,
    anonKey: stored?.anonKey ?? (await apiKey(jwtSecret, 'anon')),
    serviceRoleKey: stored?.serviceRoleKey ?? (await apiKey(jwtSecret, 'service_role')),
    extra: stored?.extra ?? (extraKeys ? await extraKeys() : {}),
  };
  writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}
