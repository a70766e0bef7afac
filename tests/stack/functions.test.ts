import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { FUNCTION_BODY_LIMIT, FUNCTION_MESSAGES } from '../../supabase/local/gateway/functions';
import { startStackProcess, testStackLocation, type RunningStack } from '../support/stack-process';

// The functions under test are fixtures, so this file runs a stack of its own pointed at them.
const FIXTURES_DIR = 'tests/stack/fixtures/functions';

let stack: RunningStack;
let localDir: string;
let anon: SupabaseClient;

const status = () => stack.status;
const client = (key: string) =>
  createClient(status().API_URL, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });

async function withDb<T>(fn: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: status().DB_URL });
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}

async function until<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  const location = await testStackLocation('functions');
  localDir = location.localDir;
  stack = await startStackProcess({ ...location, env: { SUPABASE_FUNCTIONS_DIR: FIXTURES_DIR } });
  anon = client(status().ANON_KEY);
});

afterAll(async () => {
  await stack?.stop();
  if (localDir) rmSync(localDir, { recursive: true, force: true });
});

describe('edge functions', () => {
  it('invokes a function with the body, the caller auth header and the Supabase environment', async () => {
    const { data, error } = await anon.functions.invoke('echo', { body: { track: 'Acid Tracks' } });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      method: 'POST',
      path: '/echo',
      contentType: 'application/json',
      authorization: `Bearer ${status().ANON_KEY}`,
      body: JSON.stringify({ track: 'Acid Tracks' }),
      env: {
        SUPABASE_URL: status().API_URL,
        SUPABASE_ANON_KEY: status().ANON_KEY,
        SUPABASE_SERVICE_ROLE_KEY: status().SERVICE_ROLE_KEY,
        SUPABASE_DB_URL: status().DB_URL,
        VAPID_PUBLIC_KEY: status().VAPID_PUBLIC_KEY,
      },
    });
  });

  it("passes a signed-in member's token through", async () => {
    const member = client(status().ANON_KEY);
    const email = `fn_${randomUUID().slice(0, 8)}@example.test`;
    const signUp = await member.auth.signUp({ email, password: 'pw-functions-1', options: { data: { username: email.split('@')[0] } } });
    expect(signUp.error).toBeNull();
    const token = signUp.data.session?.access_token ?? (await member.auth.signInWithPassword({ email, password: 'pw-functions-1' })).data.session!.access_token;
    const { data } = await member.functions.invoke('echo', { body: 'plain text', method: 'PUT' });
    expect(data).toMatchObject({ method: 'PUT', authorization: `Bearer ${token}`, contentType: 'text/plain', body: 'plain text' });
  });

  it('hands the function its sub-path and query string', async () => {
    const res = await fetch(`${status().API_URL}/functions/v1/echo/tracks/42?sort=bpm`, { headers: { Authorization: `Bearer ${status().ANON_KEY}` } });
    expect(await res.json()).toMatchObject({ method: 'GET', path: '/echo/tracks/42', query: { sort: 'bpm' } });
  });

  it('lets a function use the shared service-role client', async () => {
    const bucket = `fn-${randomUUID().slice(0, 8)}`;
    expect((await client(status().SERVICE_ROLE_KEY).storage.createBucket(bucket)).error).toBeNull();
    const { data, error } = await anon.functions.invoke('service-check');
    expect(error).toBeNull();
    expect(data.buckets).toContain(bucket);
  });

  it('answers CORS preflights with the headers supabase-js sends', async () => {
    const res = await fetch(`${status().API_URL}/functions/v1/echo`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:4173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
      },
    });
    expect(res.status).toBeGreaterThanOrEqual(200);
    expect(res.status).toBeLessThan(300);
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of ['authorization', 'x-client-info', 'apikey', 'content-type']) expect(allowed).toContain(header);
    expect(res.headers.get('access-control-allow-origin')).toBeTruthy();
  });

  it('refuses a missing or forged JWT with 401 when verify_jwt is on', async () => {
    const missing = await fetch(`${status().API_URL}/functions/v1/echo`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ message: FUNCTION_MESSAGES.missingAuthorization });

    const { error } = await anon.functions.invoke('echo', { headers: { Authorization: 'Bearer forged.jwt.token' } });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: FUNCTION_MESSAGES.invalidJwt });
  });

  it('answers 404 for unknown and malformed function names', async () => {
    for (const name of ['does-not-exist', 'Upper', '_shared', '..%2Fsecrets']) {
      const res = await fetch(`${status().API_URL}/functions/v1/${name}`, { method: 'POST', headers: { Authorization: `Bearer ${status().ANON_KEY}` } });
      expect(res.status, name).toBe(404);
      expect(await res.json(), name).toMatchObject({ message: FUNCTION_MESSAGES.notFound });
    }
  });

  it('turns a throwing handler into a 500 JSON error without details and keeps serving', async () => {
    const { error } = await anon.functions.invoke('crash', { body: {} });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: FUNCTION_MESSAGES.crashed });
    expect(text).not.toContain('secret detail');

    const next = await anon.functions.invoke('echo', { body: { after: 'crash' } });
    expect(next.error).toBeNull();
    expect(next.data.body).toBe(JSON.stringify({ after: 'crash' }));
  });

  it('runs functions in Deno, so a Node-only API fails here as it would once deployed', async () => {
    const { error } = await anon.functions.invoke('node-only', { body: {} });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: FUNCTION_MESSAGES.crashed });
  });

  it('passes CORS preflights to the function without a token, as Supabase does', async () => {
    // The fixture answers with the shared CORS headers (origin `*`, status 200), not the gateway's own CORS answer.
    const res = await fetch(`${status().API_URL}/functions/v1/echo`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:4173', 'Access-Control-Request-Method': 'POST' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.text()).toBe('ok');
  });

  it('refuses bodies over the limit with 413 JSON', async () => {
    const res = await fetch(`${status().API_URL}/functions/v1/echo`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${status().ANON_KEY}`, 'Content-Type': 'application/octet-stream' },
      body: new Uint8Array(FUNCTION_BODY_LIMIT + 1),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: FUNCTION_MESSAGES.tooLarge });
  });
});

describe('database webhooks', () => {
  interface Received {
    method?: string;
    url?: string;
    headers: IncomingHttpHeaders;
    body: string;
  }
  const received: Received[] = [];
  let server: Server;
  let port: number;
  const table = `webhook_probe_${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ method: req.method, url: req.url, headers: req.headers, body });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
    await withDb(async (db) => {
      await db.query(`create table public.${table} (id serial primary key, note text not null)`);
      await db.query(`create trigger deliver after insert on public.${table} for each row execute function
        supabase_functions.http_request('http://127.0.0.1:${port}/hook', 'POST', '{"Content-Type":"application/json","X-Probe":"yes"}', '{"source":"test"}', '1000')`);
    });
  });

  afterAll(async () => {
    await withDb((db) => db.query(`drop table if exists public.${table}`));
    await new Promise((r) => server.close(r));
  });

  const deliveredNote = (note: string) => until(() => received.find((r) => r.body.includes(`"${note}"`)));

  it('delivers the inserted row to the webhook URL', async () => {
    await withDb((db) => db.query(`insert into public.${table} (note) values ('first drop')`));
    const hit = await deliveredNote('first drop');
    expect(hit.method).toBe('POST');
    expect(hit.url).toBe('/hook?source=test');
    expect(hit.headers['x-probe']).toBe('yes');
    expect(JSON.parse(hit.body)).toMatchObject({ type: 'INSERT', table, schema: 'public', record: { note: 'first drop' }, old_record: null });
  });

  it('delivers rows far larger than a NOTIFY payload (8 kB) without failing the insert', async () => {
    const long = `long-${'x'.repeat(20_000)}`;
    await withDb((db) => db.query(`insert into public.${table} (note) values ($1)`, [long]));
    const hit = await deliveredNote(long);
    expect(JSON.parse(hit.body).record.note).toHaveLength(long.length);
  });

  it('keeps delivering after the listener connection is killed', async () => {
    const listener = () =>
      withDb(async (db) => (await db.query(`select pid from pg_stat_activity where application_name = 'gateway-webhooks'`)).rows[0]?.pid as number | undefined);
    const before = await until(listener);
    await withDb((db) => db.query('select pg_terminate_backend($1)', [before]));
    await until(async () => {
      const pid = await listener();
      return pid !== undefined && pid !== before ? pid : undefined;
    });
    await withDb((db) => db.query(`insert into public.${table} (note) values ('after reconnect')`));
    expect(JSON.parse((await deliveredNote('after reconnect')).body).record.note).toBe('after reconnect');
  });

  it('never blocks or fails the write when the endpoint is down', async () => {
    const deadTable = `${table}_dead`;
    await withDb(async (db) => {
      await db.query(`create table public.${deadTable} (id serial primary key)`);
      // Port 9 (discard) has no listener here: delivery fails, the insert must not.
      await db.query(`create trigger deliver after insert on public.${deadTable} for each row execute function
        supabase_functions.http_request('http://127.0.0.1:9/nowhere', 'POST', '{}', '{}', '500')`);
      const started = Date.now();
      await db.query(`insert into public.${deadTable} default values`);
      expect(Date.now() - started).toBeLessThan(500);
      await db.query(`drop table public.${deadTable}`);
    });
    await withDb((db) => db.query(`insert into public.${table} (note) values ('still alive')`));
    await deliveredNote('still alive');
  });
});
