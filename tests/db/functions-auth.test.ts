import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { INVALID_TOKEN_MESSAGE } from '../../supabase/functions/_shared/supabase';
import { FUNCTION_MESSAGES } from '../../supabase/local/gateway/functions';
import { testStack } from '../support/clients';

/** Every function of the project, as `supabase functions deploy` would find them. */
const FUNCTIONS = readdirSync(join(import.meta.dirname, '../../supabase/functions'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
  .map((entry) => entry.name);

async function expiredToken(): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: 'authenticated', aud: 'authenticated', sub: '00000000-0000-4000-8000-000000000001' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 3600)
    .sign(new TextEncoder().encode(testStack().jwtSecret));
}

describe('edge functions refuse a bad token with 401 and a message', () => {
  it('finds the functions', () => expect(FUNCTIONS.length).toBeGreaterThanOrEqual(4));

  for (const name of FUNCTIONS) {
    it(`${name}: an invalid or expired bearer token is 401 with a readable message, never another service's text`, async () => {
      const { apiUrl, anonKey } = testStack();
      for (const token of ['not-a-jwt', 'forged.jwt.token', await expiredToken()]) {
        const res = await fetch(`${apiUrl}/functions/v1/${name}`, {
          method: 'POST',
          headers: { apikey: anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ searchTerm: 'house' }),
        });
        const text = await res.text();
        expect(res.status, `${name} with ${token.slice(0, 12)}: ${text}`).toBe(401);
        const body = JSON.parse(text) as { message?: string; error?: string };
        expect([FUNCTION_MESSAGES.invalidJwt, INVALID_TOKEN_MESSAGE]).toContain(body.message ?? body.error);
      }
    });
  }
});
