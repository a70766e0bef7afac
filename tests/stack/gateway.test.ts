import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { anonClient, newMember, testStack, withDb } from '../support/clients';
import { browserPushKeys } from '../support/push-keys';

const MB = 1024 * 1024;
/** Rounds of four parallel oversize uploads; the cut connection showed in about 1 of 30 requests. */
const OVERSIZE_ROUNDS = 12;

async function forgedTokens(secret: string) {
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: '00000000-0000-0000-0000-000000000001', role: 'authenticated', aud: 'authenticated' };
  const wrongSecret = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(now + 600)
    .sign(new TextEncoder().encode('not-the-secret-not-the-secret-xx'));
  const expired = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 3600)
    .sign(new TextEncoder().encode(secret));
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, exp: now + 600 })}.`;
  return { wrongSecret, expired, algNone, garbage: 'not.a.jwt' };
}

interface BadRequest {
  name: string;
  path: string;
  init: RequestInit;
  status: number[];
}

describe('gateway', () => {
  it('refuses REST calls without an API key, as Supabase does', async () => {
    const res = await fetch(`${testStack().apiUrl}/rest/v1/`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'No API key found in request' });
  });

  it('takes the API key from the query, hides it from PostgREST, and answers such a read without a preflight, as Supabase does', async () => {
    const { apiUrl, anonKey } = testStack();
    // No header at all: a browser sends this cross-origin GET as it is, with no OPTIONS before it.
    const res = await fetch(`${apiUrl}/rest/v1/profiles?select=id,username&apikey=${encodeURIComponent(anonKey)}&limit=2`, {
      headers: { origin: 'https://app.example' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeTruthy();
    const rows = (await res.json()) as { id: string; username: string }[];
    expect(rows).toHaveLength(2);
    expect(Object.keys(rows[0]).sort()).toEqual(['id', 'username']);
    // A wrong key in the query is refused like a wrong header.
    const wrong = await fetch(`${apiUrl}/rest/v1/profiles?select=id&apikey=not-a-key`);
    expect(wrong.status).toBe(401);
  });

  it("gzips PostgREST's answers for a client that accepts it, as the hosted API does, and sends them plain otherwise", async () => {
    const { apiUrl, anonKey } = testStack();
    const path = `${apiUrl}/rest/v1/profiles?select=*&limit=50`;
    const plain = await fetch(path, { headers: { apikey: anonKey, 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const rows = (await plain.json()) as unknown[];
    expect(rows.length).toBeGreaterThan(1);
    // fetch undoes the gzip; the header shows what travelled.
    const zipped = await fetch(path, { headers: { apikey: anonKey, 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(await zipped.json()).toEqual(rows);
    // The count header PostgREST adds survives, and a HEAD still has no body (206 when the count passes the limit).
    const counted = await fetch(path, { method: 'HEAD', headers: { apikey: anonKey, prefer: 'count=exact' } });
    expect([200, 206]).toContain(counted.status);
    expect(counted.headers.get('content-range')).toMatch(/^0-\d+\/\d+$/);
  });

  it('answers a batch of bad requests at every mount point with JSON errors and keeps serving', async () => {
    const { apiUrl, anonKey, jwtSecret } = testStack();
    const tokens = await forgedTokens(jwtSecret);
    const json = { apikey: anonKey, 'content-type': 'application/json' };
    const big = 'x'.repeat(11 * MB);
    const requests: BadRequest[] = [];
    for (const [label, token] of Object.entries(tokens)) {
      const auth = { apikey: anonKey, authorization: `Bearer ${token}` };
      requests.push(
        { name: `rest ${label} token`, path: '/rest/v1/profiles?select=id&limit=1', init: { headers: auth }, status: [401] },
        { name: `auth user ${label} token`, path: '/auth/v1/user', init: { headers: auth }, status: [401, 403] },
        { name: `storage ${label} token`, path: '/storage/v1/bucket', init: { headers: auth }, status: [400, 401, 403] },
        { name: `functions ${label} token`, path: '/functions/v1/universal-search-missing', init: { method: 'POST', headers: auth }, status: [401, 404] },
      );
    }
    requests.push(
      { name: 'rest malformed json', path: '/rest/v1/contact_messages', init: { method: 'POST', headers: json, body: '{"name": ' }, status: [400] },
      {
        name: 'rest wrong content type',
        path: '/rest/v1/contact_messages',
        init: { method: 'POST', headers: { apikey: anonKey, 'content-type': 'text/xml' }, body: '<x/>' },
        status: [400, 406, 415],
      },
      { name: 'rest body over limit', path: '/rest/v1/contact_messages', init: { method: 'POST', headers: json, body: big }, status: [413] },
      { name: 'rest bad api key', path: '/rest/v1/profiles', init: { headers: { apikey: 'nope' } }, status: [401] },
      { name: 'auth malformed json', path: '/auth/v1/token?grant_type=password', init: { method: 'POST', headers: json, body: '{"email":' }, status: [400] },
      {
        name: 'auth wrong content type',
        path: '/auth/v1/signup',
        init: { method: 'POST', headers: { apikey: anonKey, 'content-type': 'text/plain' }, body: 'hello' },
        status: [400, 415],
      },
      { name: 'auth body over limit', path: '/auth/v1/signup', init: { method: 'POST', headers: json, body: big }, status: [413] },
      { name: 'auth unknown route', path: '/auth/v1/definitely-not-here', init: { headers: { apikey: anonKey } }, status: [404] },
      {
        name: 'storage unknown route',
        path: '/storage/v1/nowhere/at/all',
        init: { headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` } },
        status: [400, 404],
      },
      {
        name: 'storage malformed json',
        path: '/storage/v1/bucket',
        init: { method: 'POST', headers: { ...json, authorization: `Bearer ${anonKey}` }, body: '{"id":' },
        status: [400],
      },
      {
        name: 'functions unknown',
        path: '/functions/v1/no-such-function',
        init: { method: 'POST', headers: { ...json, authorization: `Bearer ${anonKey}` }, body: '{}' },
        status: [404],
      },
      {
        name: 'functions bad name',
        path: '/functions/v1/..%2F..%2Fetc',
        init: { method: 'POST', headers: { ...json, authorization: `Bearer ${anonKey}` }, body: '{}' },
        status: [400, 404],
      },
      { name: 'realtime without upgrade', path: '/realtime/v1/websocket', init: { headers: { apikey: anonKey } }, status: [400, 404, 426] },
      { name: 'unknown mount', path: '/graphql/v1', init: {}, status: [404] },
    );

    const results = await Promise.all(
      requests.map(async (r) => {
        const res = await fetch(`${apiUrl}${r.path}`, r.init);
        const text = await res.text();
        return { r, status: res.status, type: res.headers.get('content-type') ?? '', text };
      }),
    );
    for (const { r, status, type, text } of results) {
      expect(r.status, `${r.name}: got ${status} ${text.slice(0, 200)}`).toContain(status);
      expect(type, `${r.name} content type`).toContain('json');
      expect(() => JSON.parse(text), `${r.name} body is JSON`).not.toThrow();
      expect(text, `${r.name} leaks no stack trace`).not.toMatch(/\n\s+at\s|node_modules/);
    }

    // Still serving: a member signs in and reads through PostgREST.
    const member = await newMember('after_batch');
    const { error } = await member.client.from('profiles').select('id').limit(1);
    expect(error).toBeNull();
  });

  it('answers a body over the limit with a 413 at every mount point, never a cut connection, also many at once', async () => {
    const { apiUrl, anonKey } = testStack();
    const headers = { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' };
    const big = 'x'.repeat(11 * MB);
    const paths = ['/rest/v1/contact_messages', '/auth/v1/signup', '/storage/v1/bucket', '/functions/v1/no-such-function'];
    // A 413 sent while the client is still writing let the socket close under it: fetch failed with EPIPE now and then.
    for (let round = 0; round < OVERSIZE_ROUNDS; round++) {
      const answers = await Promise.all(
        paths.map(async (path) => {
          const res = await fetch(`${apiUrl}${path}`, { method: 'POST', headers, body: big }).catch(
            (e: Error & { cause?: { code?: string } }) => e.cause?.code ?? e.message,
          );
          return typeof res === 'string' ? `${path}: ${res}` : `${path}: ${res.status} ${(await res.text()).startsWith('{')}`;
        }),
      );
      expect(answers).toEqual(paths.map((path) => `${path}: 413 true`));
    }
  }, 60_000);

  it('counts the bytes of a chunked body (no Content-Length) against the limit at every mount point', async () => {
    const { apiUrl, anonKey } = testStack();
    const headers = { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' };
    const chunk = new TextEncoder().encode('x'.repeat(MB));
    const chunked = (megabytes: number) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < megabytes; i++) controller.enqueue(chunk);
          controller.close();
        },
      });
    const paths = ['/rest/v1/contact_messages', '/auth/v1/signup', '/storage/v1/bucket', '/functions/v1/no-such-function'];
    const answers = await Promise.all(
      paths.map(async (path) => {
        // duplex is required by Node's fetch for a stream body, which it then sends chunked.
        const init = { method: 'POST', headers, body: chunked(12), duplex: 'half' } as RequestInit;
        const res = await fetch(`${apiUrl}${path}`, init).catch((e: Error & { cause?: { code?: string } }) => e.cause?.code ?? e.message);
        return typeof res === 'string' ? `${path}: ${res}` : `${path}: ${res.status}`;
      }),
    );
    expect(answers).toEqual(paths.map((path) => `${path}: 413`));
    // A chunked body under the limit still reaches PostgREST whole.
    const message = { name: 'Ana', email: 'ana@example.test', subject: 'chunked', message: 'y'.repeat(5000) };
    const small = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify(message)));
        controller.close();
      },
    });
    const ok = await fetch(`${apiUrl}/rest/v1/contact_messages`, { method: 'POST', headers, body: small, duplex: 'half' } as RequestInit);
    expect(ok.status).toBe(201);
  }, 60_000);

  it("a chunked upload over a bucket's own limit is refused as too large and not stored", async () => {
    const { apiUrl, serviceRoleKey } = testStack();
    const bucket = `tiny-${Date.now()}`;
    await withDb((db) => db.query('insert into storage.buckets (id, name, public, file_size_limit) values ($1, $1, false, $2)', [bucket, 64 * 1024]));
    const chunk = new Uint8Array(256 * 1024);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 8; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const init = {
      method: 'POST',
      headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/octet-stream' },
      body,
      duplex: 'half',
    } as RequestInit;
    const res = await fetch(`${apiUrl}/storage/v1/object/${bucket}/big.bin`, init);
    // Supabase Storage answers an object over the limit with HTTP 400 and statusCode "413" in the body.
    expect(res.status).toBe(400);
    expect(((await res.json()) as { statusCode: string }).statusCode).toBe('413');
    const { rows } = await withDb((db) => db.query('select 1 from storage.objects where bucket_id = $1', [bucket]));
    expect(rows).toHaveLength(0);
  });

  it('serves an RLS-protected table to members and hides it from anon', async () => {
    const member = await newMember('rls_reader');
    const anon = anonClient();
    // Visitors have no notifications, so the table is not granted to anon at all (as on Supabase).
    const asAnon = await anon.from('notifications').select('id');
    expect(asAnon.error?.code).toBe('42501');
    expect(asAnon.data).toBeNull();
    const mine = await member.client
      .from('push_subscriptions')
      .insert({
        user_id: member.id,
        endpoint: `https://fcm.googleapis.com/fcm/send/${member.id}`,
        ...browserPushKeys(),
      })
      .select('id');
    expect(mine.error).toBeNull();
    const other = await newMember('rls_other');
    const theirs = await other.client.from('push_subscriptions').select('id').eq('user_id', member.id);
    expect(theirs.data).toEqual([]);
    const own = await member.client.from('push_subscriptions').select('id').eq('user_id', member.id);
    expect(own.data).toHaveLength(1);
  });
});
