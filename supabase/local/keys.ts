import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import webpush from 'web-push';
import type { StackConfig } from './config';

export interface StackKeys {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  vapidPublicKey: string;
  vapidPrivateKey: string;
}

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
export async function loadOrCreateKeys(config: StackConfig): Promise<StackKeys> {
  const file = join(config.localDir, 'keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as StackKeys;
  mkdirSync(config.localDir, { recursive: true });
  const jwtSecret = randomBytes(32).toString('base64url');
  const vapid = webpush.generateVAPIDKeys();
  const keys: StackKeys = {
    jwtSecret,
    anonKey: await apiKey(jwtSecret, 'anon'),
    serviceRoleKey: await apiKey(jwtSecret, 'service_role'),
    vapidPublicKey: process.env.VAPID_PUBLIC_KEY ?? vapid.publicKey,
    vapidPrivateKey: process.env.VAPID_PRIVATE_KEY ?? vapid.privateKey,
  };
  writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}
