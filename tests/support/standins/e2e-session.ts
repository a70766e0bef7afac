import { AUTH_STORAGE_KEY } from '../../../src/lib/shell-constants';
import { randomUUID } from 'node:crypto';
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import { expect, type Page } from '@playwright/test';
import pg from 'pg';
import ws from 'ws';

/** The storage key the app's supabase client uses (src/lib/supabase.ts). */

export function e2eEnv() {
  const env = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set: run with E2E_STACK=1`);
    return value;
  };
  return { apiUrl: env('E2E_API_URL'), anonKey: env('E2E_ANON_KEY'), serviceRoleKey: env('E2E_SERVICE_ROLE_KEY'), baseUrl: env('E2E_BASE_URL') };
}

const serverAuth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };
// Node 20 has no global WebSocket.
const realtime = { transport: ws as unknown as typeof WebSocket };

export function serviceClient(): SupabaseClient {
  const { apiUrl, serviceRoleKey } = e2eEnv();
  return createClient(apiUrl, serviceRoleKey, { auth: serverAuth, realtime });
}

/** Signs in through the API and returns a client acting as that member, with its session. */
export async function signInApi(email: string, password: string): Promise<{ client: SupabaseClient; session: Session }> {
  const { apiUrl, anonKey } = e2eEnv();
  const client = createClient(apiUrl, anonKey, { auth: serverAuth, realtime });
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error('no session');
  return { client, session: data.session };
}

/** Opens the app already signed in: the session goes where supabase-js keeps it before any page script runs. */
export async function signInPage(page: Page, email: string, password: string): Promise<{ client: SupabaseClient; session: Session }> {
  const signedIn = await signInApi(email, password);
  await page.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
    },
    [AUTH_STORAGE_KEY, JSON.stringify(signedIn.session)] as const,
  );
  return signedIn;
}

/** Signs a member up through the real auth API; the client comes back signed in as them. */
async function signUpApi(username: string, email: string, password: string): Promise<{ client: SupabaseClient; id: string }> {
  const { apiUrl, anonKey } = e2eEnv();
  const client = createClient(apiUrl, anonKey, { auth: serverAuth, realtime });
  const { data, error } = await client.auth.signUp({ email, password, options: { data: { username, display_name: username } } });
  if (error || !data.user) throw error ?? new Error('no user');
  if (!data.session) await client.auth.signInWithPassword({ email, password });
  return { client, id: data.user.id };
}

/** A fresh member with a confirmed account. */
export async function newMemberApi(prefix: string): Promise<{ email: string; password: string; username: string; id: string }> {
  const suffix = Math.random().toString(36).slice(2, 8);
  const username = `${prefix}_${suffix}`.slice(0, 20).toLowerCase();
  const email = `${username}@example.test`;
  const password = `pw-${suffix}-secret`;
  const { id } = await signUpApi(username, email, password);
  return { email, password, username, id };
}

/** A lower-case name no other test run has used: `prefix_` and 8 random hex digits. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 8)}`.toLowerCase();
}

export type E2eMember = { id: string; email: string; password: string; username: string; client: SupabaseClient };

/** A fresh member with a clean profile, and a client signed in as them for acting through the API. */
export async function newMember(prefix: string): Promise<E2eMember> {
  const username = uniqueName(prefix);
  const email = `${username}@example.test`;
  const password = `pw-${username}`;
  const { client, id } = await signUpApi(username, email, password);
  return { id, email, password, username, client };
}

/** Signs in through the login form, as a member would, and waits for the app to land on their profile. */
export async function logIn(page: Page, member: { email: string; password: string; username: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${member.username}$`));
}

/** Reads the stack's database directly, to check what the server stored. */
export async function dbQuery<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DB_URL });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Polls `read` until `accept` holds or the time runs out, and returns the last value so the caller's assertion shows it. */
export async function waitForDb<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() - start > timeoutMs) return value;
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Offline journeys need the service worker in control, so route chunks load from its cache. */
export async function waitForOfflineReady(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}
