import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { ErrorCodes } from '../../supabase/local/gateway/auth/messages';
import { startStackProcess, testStackLocation, type RunningStack } from '../support/stack-process';

// A keys file as `supabase gen signing-key` writes it: private JWKs; the ES256 one signs, the RS256 one (a key being
// rotated out) only verifies.
const es = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const rs = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ES_KID = randomUUID();
const RS_KID = randomUUID();
const KEYS = [
  { ...es.privateKey.export({ format: 'jwk' }), kid: ES_KID, alg: 'ES256', use: 'sig', key_ops: ['sign', 'verify'], ext: true },
  { ...rs.privateKey.export({ format: 'jwk' }), kid: RS_KID, alg: 'RS256', use: 'sig', key_ops: ['verify'], ext: true },
];
/** A key the project does not know, for forgeries. */
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });

let stack: RunningStack | undefined;
let localDir = '';
let api = '';
let anonKey = '';
let serviceKey = '';
let member = { id: '', accessToken: '' };

beforeAll(async () => {
  const location = await testStackLocation('auth-signing-keys');
  localDir = location.localDir;
  mkdirSync(localDir, { recursive: true });
  const keysFile = join(localDir, 'signing_keys.json');
  writeFileSync(keysFile, JSON.stringify(KEYS));
  // This stack also runs with the API key check off, as the Supabase CLI's gateway does (every other test stack has it on).
  stack = await startStackProcess({ ...location, env: { SUPABASE_AUTH_SIGNING_KEYS_PATH: keysFile, SUPABASE_REQUIRE_API_KEY: 'false' } });
  api = stack.status.API_URL;
  anonKey = stack.status.ANON_KEY;
  serviceKey = stack.status.SERVICE_ROLE_KEY;
  const client = createClient(api, anonKey, { auth: { persistSession: false }, realtime: { transport: ws as unknown as typeof WebSocket } });
  const { data, error } = await client.auth.signUp({ email: `keys-${randomUUID()}@example.com`, password: 'spin-the-decks-2026' });
  expect(error).toBeNull();
  member = { id: data.user!.id, accessToken: data.session!.access_token };
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  if (localDir) rmSync(localDir, { recursive: true, force: true });
});

const now = () => Math.floor(Date.now() / 1000);

/** A member's access token as the test signs it: `alg` and `kid` in the header, the key given. */
function memberToken(alg: string, kid: string | undefined, key: Parameters<SignJWT['sign']>[0]): Promise<string> {
  return new SignJWT({ sub: member.id, role: 'authenticated', aud: 'authenticated', session_id: undefined })
    .setProtectedHeader({ alg, typ: 'JWT', ...(kid ? { kid } : {}) })
    .setIssuedAt()
    .setExpirationTime(now() + 600)
    .sign(key);
}

/** What each service answers a token with: PostgREST, auth, storage, realtime's HTTP broadcast, a function behind verify_jwt. */
async function answers(token: string): Promise<Record<string, number>> {
  const headers = { apikey: anonKey, authorization: `Bearer ${token}` };
  const rest = await fetch(`${api}/rest/v1/profiles?select=id&id=eq.${member.id}`, { headers });
  const auth = await fetch(`${api}/auth/v1/user`, { headers });
  const storage = await fetch(`${api}/storage/v1/bucket`, { headers });
  const realtime = await fetch(`${api}/realtime/v1/api/broadcast`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ topic: 'keys-test', event: 'ping', payload: {} }] }),
  });
  // verify_jwt is on for this function: the gateway checks the token first; the function (in Deno) then asks auth
  // who the caller is and answers a member who is not an admin 403.
  const functions = await fetch(`${api}/functions/v1/generate-blog-content`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: '{}',
  });
  await Promise.all([rest, auth, storage, realtime, functions].map((r) => r.arrayBuffer()));
  return { rest: rest.status, auth: auth.status, storage: storage.status, realtime: realtime.status, functions: functions.status };
}

describe('asymmetric JWT signing keys ([auth] signing_keys_path)', () => {
  it('publishes the public halves at /auth/v1/.well-known/jwks.json, never a private part', async () => {
    const res = await fetch(`${api}/auth/v1/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    const { keys } = (await res.json()) as { keys: (JWK & { key_ops?: string[] })[] };
    expect(keys.map((k) => [k.kid, k.alg, k.use, k.key_ops])).toEqual([
      [ES_KID, 'ES256', 'sig', ['verify']],
      [RS_KID, 'RS256', 'sig', ['verify']],
    ]);
    for (const k of keys) for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k']) expect(k).not.toHaveProperty(secret);
  });

  it('signs sessions with the signing key (its alg and kid), verifiable with the published JWKS', async () => {
    expect(decodeProtectedHeader(member.accessToken)).toEqual({ alg: 'ES256', kid: ES_KID, typ: 'JWT' });
    const { keys } = (await (await fetch(`${api}/auth/v1/.well-known/jwks.json`)).json()) as { keys: JWK[] };
    const { payload } = await jwtVerify(member.accessToken, createLocalJWKSet({ keys }));
    expect(payload).toMatchObject({ sub: member.id, role: 'authenticated' });
    // supabase-js verifies it locally with the JWKS instead of asking /user.
    const client = createClient(api, anonKey, { auth: { persistSession: false }, realtime: { transport: ws as unknown as typeof WebSocket } });
    const { data, error } = await client.auth.getClaims(member.accessToken);
    expect(error).toBeNull();
    expect(data?.claims.sub).toBe(member.id);
    expect(data?.header).toMatchObject({ alg: 'ES256', kid: ES_KID });
  });

  it('every service takes tokens of either key and the legacy HS256 secret', async () => {
    const ok = { rest: 200, auth: 200, storage: 200, realtime: 202, functions: 403 };
    expect(await answers(member.accessToken)).toEqual(ok);
    expect(await answers(await memberToken('RS256', RS_KID, rs.privateKey))).toEqual(ok);
    const legacy = new TextEncoder().encode(stack!.status.JWT_SECRET);
    expect(await answers(await memberToken('HS256', undefined, legacy))).toEqual(ok);
    // The legacy service-role key (HS256) still administers.
    const admin = await fetch(`${api}/auth/v1/admin/users/${member.id}`, { headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` } });
    expect(admin.status).toBe(200);
    // A member's own row comes back: PostgREST ran the request as that member.
    const rows = await fetch(`${api}/rest/v1/profiles?select=id&id=eq.${member.id}`, {
      headers: { apikey: anonKey, authorization: `Bearer ${member.accessToken}` },
    });
    expect(await rows.json()).toEqual([{ id: member.id }]);
  });

  it('refuses forged tokens everywhere: an unknown key, a known kid with another key, the public key as an HMAC secret', async () => {
    const refused = { rest: 401, auth: 403, storage: 400, realtime: 401, functions: 401 };
    const forgeries = [
      await memberToken('RS256', randomUUID(), stranger.privateKey),
      await memberToken('RS256', RS_KID, stranger.privateKey),
      await memberToken('RS256', undefined, stranger.privateKey),
      await memberToken('HS256', RS_KID, new TextEncoder().encode(rs.publicKey.export({ format: 'pem', type: 'spki' }).toString())),
    ];
    for (const token of forgeries) expect(await answers(token)).toEqual(refused);
    const auth = await fetch(`${api}/auth/v1/user`, { headers: { apikey: anonKey, authorization: `Bearer ${forgeries[1]}` } });
    expect(await auth.json()).toMatchObject({ code: 403, error_code: ErrorCodes.badJwt });
  });
});

describe('the API key check off (SUPABASE_REQUIRE_API_KEY=false), as behind the Supabase CLI', () => {
  it('lets a call without apikey or token through as anon, and still refuses a forged token', async () => {
    expect((await fetch(`${api}/auth/v1/settings`)).status).toBe(200);
    const rest = await fetch(`${api}/rest/v1/profiles?select=id&id=eq.${member.id}`);
    expect(rest.status).toBe(200);
    const forged = await memberToken('RS256', RS_KID, stranger.privateKey);
    expect((await fetch(`${api}/rest/v1/profiles?select=id`, { headers: { authorization: `Bearer ${forged}` } })).status).toBe(401);
  });
});
