import { randomUUID } from 'node:crypto';
import { isAuthSessionMissingError } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ErrorCodes, Messages } from '../../supabase/local/gateway/auth/messages';
import { anonClient, testStack, withDb } from '../support/clients';

const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.test`;

async function getUserWith(token: string) {
  const { apiUrl, anonKey } = testStack();
  const res = await fetch(`${apiUrl}/auth/v1/user`, {
    headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'x-supabase-api-version': '2024-01-01' },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function signedUpClient(prefix: string) {
  const client = anonClient();
  const email = uniqueEmail(prefix);
  const { data, error } = await client.auth.signUp({ email, password: 'correct-horse' });
  if (error || !data.session) throw error ?? new Error('no session');
  return { client, email, session: data.session };
}

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access tokens', () => {
  it("carry GoTrue's claims", async () => {
    const { session } = await signedUpClient('claims');
    const [, payload] = session.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({
      iss: `${testStack().apiUrl}/auth/v1`,
      sub: session.user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: session.user.email,
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(claims.exp).toBe(session.expires_at);
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(typeof claims.session_id).toBe('string');
  });

  it('refuses missing, forged, expired and alg-none tokens', async () => {
    const { session } = await signedUpClient('forged');
    const [, payload] = session.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const now = Math.floor(Date.now() / 1000);

    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('not-the-secret-not-the-secret-32b'));
    const expired = await new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(testStack().jwtSecret));
    const algNone = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ ...claims, role: 'service_role' })}.`;
    const tampered = `${session.access_token.split('.')[0]}.${b64url({ ...claims, sub: randomUUID() })}.${session.access_token.split('.')[2]}`;

    for (const token of [forged, expired, algNone, tampered, 'garbage']) {
      const res = await getUserWith(token);
      expect(res.status, token).toBe(403);
      expect(res.body.code).toBe(ErrorCodes.badJwt);
    }

    const { apiUrl, anonKey } = testStack();
    const missing = await fetch(`${apiUrl}/auth/v1/user`, { headers: { apikey: anonKey, 'x-supabase-api-version': '2024-01-01' } });
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { code: string }).code).toBe(ErrorCodes.noAuthorization);

    expect((await getUserWith(session.access_token)).status).toBe(200);
  });
});

describe('refresh tokens', () => {
  it('rotate on every refresh; an old one is refused with refresh_token_already_used once the reuse interval passed', async () => {
    const { client, session } = await signedUpClient('rotate');
    const first = session.refresh_token;

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session!.refresh_token;
    expect(second).not.toBe(first);
    expect(refreshed.data.session!.access_token).toBeTruthy();
    expect((await getUserWith(refreshed.data.session!.access_token)).status).toBe(200);

    // Inside the reuse interval GoTrue hands a client that lost the answer the current token again.
    const retry = await anonClient().auth.refreshSession({ refresh_token: first });
    expect(retry.error).toBeNull();
    expect(retry.data.session!.refresh_token).toBe(second);

    const rotatedAgain = await client.auth.refreshSession();
    expect(rotatedAgain.error).toBeNull();
    const third = rotatedAgain.data.session!;
    expect(third.refresh_token).not.toBe(second);

    // Past the reuse interval (10 s in config.toml), a revoked token that is not the current one's parent is theft.
    await withDb((db) => db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [first]));
    const reused = await anonClient().auth.refreshSession({ refresh_token: first });
    expect(reused.data.session).toBeNull();
    expect(reused.error?.code).toBe(ErrorCodes.refreshTokenAlreadyUsed);
    expect(reused.error?.message).toBe(Messages.refreshTokenAlreadyUsed);
    expect(reused.error?.status).toBe(400);

    // ... and the whole session ends, so what a thief could hold is dead too.
    const family = await anonClient().auth.refreshSession({ refresh_token: third.refresh_token });
    expect(family.error?.code).toBe(ErrorCodes.refreshTokenNotFound);
    expect((await getUserWith(third.access_token)).body.code).toBe(ErrorCodes.sessionNotFound);
  });

  it('refuses an unknown refresh token', async () => {
    const { error } = await anonClient().auth.refreshSession({ refresh_token: 'no-such-token' });
    expect(error?.code).toBe(ErrorCodes.refreshTokenNotFound);
    expect(error?.message).toBe(Messages.refreshTokenNotFound);
  });
});

describe('sign-out', () => {
  it('ends the session: the old access token gets session_not_found and the refresh token is refused', async () => {
    const { client, session } = await signedUpClient('signout');
    expect((await client.auth.signOut()).error).toBeNull();

    const res = await getUserWith(session.access_token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(ErrorCodes.sessionNotFound);
    const viaClient = await anonClient().auth.getUser(session.access_token);
    expect(isAuthSessionMissingError(viaClient.error)).toBe(true);

    const refresh = await anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.data.session).toBeNull();
    expect(refresh.error?.code).toBe(ErrorCodes.refreshTokenNotFound);
  });

  it('scope "others" keeps the current session and ends the rest; "global" ends all', async () => {
    const { client, email, session: here } = await signedUpClient('scopes');
    const elsewhere = await anonClient().auth.signInWithPassword({ email, password: 'correct-horse' });
    const third = await anonClient().auth.signInWithPassword({ email, password: 'correct-horse' });

    expect((await client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await getUserWith(here.access_token)).status).toBe(200);
    expect((await getUserWith(elsewhere.data.session!.access_token)).status).toBe(403);

    const fourth = await anonClient().auth.signInWithPassword({ email, password: 'correct-horse' });
    const { apiUrl, anonKey } = testStack();
    const res = await fetch(`${apiUrl}/auth/v1/logout?scope=global`, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${fourth.data.session!.access_token}` },
    });
    expect(res.status).toBe(204);
    expect((await getUserWith(here.access_token)).status).toBe(403);
    expect((await getUserWith(third.data.session!.access_token)).status).toBe(403);
  });
});
