import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import type { Page } from '@playwright/test';
import ws from 'ws';

/** The storage key the app's supabase client uses (src/lib/supabase.ts). */
const AUTH_STORAGE_KEY = 'djcircle-auth';

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
  await page.addInitScript(([key, value]) => {
    if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
  }, [AUTH_STORAGE_KEY, JSON.stringify(signedIn.session)] as const);
  return signedIn;
}

/** A fresh member with a confirmed account. */
export async function newMemberApi(prefix: string): Promise<{ email: string; password: string; username: string; id: string }> {
  const suffix = Math.random().toString(36).slice(2, 8);
  const username = `${prefix}_${suffix}`.slice(0, 20).toLowerCase();
  const email = `${username}@example.test`;
  const password = `pw-${suffix}-secret`;
  const { apiUrl, anonKey } = e2eEnv();
  const client = createClient(apiUrl, anonKey, { auth: serverAuth, realtime });
  const { data, error } = await client.auth.signUp({ email, password, options: { data: { username, display_name: username } } });
  if (error) throw error;
  return { email, password, username, id: data.user!.id };
}

/** Offline journeys need the service worker in control, so route chunks load from its cache. */
export async function waitForOfflineReady(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}
