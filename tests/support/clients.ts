import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import ws from 'ws';
import pg from 'pg';

/** Connection facts of the shared test stack (started by tests/support/global-setup.ts). */
export function testStack() {
  return {
    apiUrl: inject('apiUrl'),
    anonKey: inject('anonKey'),
    serviceRoleKey: inject('serviceRoleKey'),
    dbUrl: inject('dbUrl'),
    jwtSecret: inject('jwtSecret'),
    localDir: inject('localDir'),
  };
}

/**
 * A supabase-js client as the browser would make it, minus persistence (Node has no storage); `fetch` sees
 * every request it sends, for tests that count them.
 */
export function anonClient(options: { fetch?: typeof fetch } = {}): SupabaseClient {
  const { apiUrl, anonKey } = testStack();
  return createClient(apiUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket.
    realtime: { transport: ws as unknown as typeof WebSocket },
    global: options.fetch ? { fetch: options.fetch } : undefined,
  });
}

export function serviceClient(): SupabaseClient {
  const { apiUrl, serviceRoleKey } = testStack();
  return createClient(apiUrl, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
}

export interface TestMember {
  id: string;
  email: string;
  password: string;
  username: string;
  client: SupabaseClient;
  accessToken: string;
}

/** Signs up a fresh member (unique e-mail and username) and returns a signed-in client. */
export async function newMember(prefix = 'member', metadata: Record<string, unknown> = {}): Promise<TestMember> {
  const suffix = randomUUID().replace(/-/g, '').slice(0, 8);
  const username = `${prefix}_${suffix}`.slice(0, 20).toLowerCase();
  const email = `${username}@example.test`;
  const password = `pw-${suffix}-secret`;
  const client = anonClient();
  const { data, error } = await client.auth.signUp({ email, password, options: { data: { username, display_name: username, ...metadata } } });
  if (error) throw error;
  let session = data.session;
  if (!session) {
    const signIn = await client.auth.signInWithPassword({ email, password });
    if (signIn.error) throw signIn.error;
    session = signIn.data.session;
  }
  return { id: session!.user.id, email, password, username, client, accessToken: session!.access_token };
}

/** A superuser connection for arranging state the API must not allow (roles, karma). */
export async function withDb<T>(fn: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: testStack().dbUrl });
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}

/**
 * Holds one of the database's community-wide singletons (the online list, the community topic's
 * window) for a test: the db project runs two files side by side, and a file that arranges such a
 * singleton counts on no other file touching it meanwhile. A session advisory lock, so the other
 * file waits for the release rather than failing.
 */
export async function holdSingleton(name: 'presence'): Promise<() => Promise<void>> {
  const db = new pg.Client({ connectionString: testStack().dbUrl });
  await db.connect();
  await db.query('select pg_advisory_lock(hashtext($1))', [`tests:${name}`]);
  return async () => {
    await db.query('select pg_advisory_unlock(hashtext($1))', [`tests:${name}`]);
    await db.end();
  };
}

/**
 * Arranged: the database's flush job (what the online and community topics' windows held back) is
 * looking. Locally pg_cron runs it once a minute, looking every few seconds through that minute, so a
 * stack that has just started may wait up to a minute for its first run.
 */
export async function flushJobLooking(): Promise<void> {
  const deadline = Date.now() + 70_000;
  for (;;) {
    const { rows } = await withDb((db) =>
      db.query(`select 1 from pg_stat_activity where query = 'call private.presence_flush_for_a_minute()' and state <> 'idle'`),
    );
    if (rows.length > 0) return;
    if (Date.now() > deadline) throw new Error('the presence flush job never ran');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
