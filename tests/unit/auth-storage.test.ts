import 'fake-indexeddb/auto';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pageAuthStorage, sharedAuthOptions, workerAuthStorage } from '@/lib/auth-storage';
import { readAuthItem } from '@/lib/worker-store';

const KEY = 'sb-test-auth-token';

/** localStorage's shape, in memory (the unit project runs in Node). */
function memoryLocal() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

/**
 * The Web Locks API is a browser boundary Node lacks: one exclusive queue per name, as page and worker share it.
 * Installed for this file only.
 */
function installLocks() {
  const queues = new Map<string, Promise<unknown>>();
  const locks = {
    request(name: string, _options: unknown, run: (lock: { name: string }) => Promise<unknown>) {
      const before = queues.get(name) ?? Promise.resolve();
      const mine = before.then(() => run({ name }));
      queues.set(
        name,
        mine.catch(() => undefined),
      );
      return mine;
    },
  };
  Object.defineProperty(globalThis, 'navigator', { value: { locks }, configurable: true });
}

const user = {
  id: '11111111-1111-4111-8111-111111111111',
  aud: 'authenticated',
  role: 'authenticated',
  email: 'm@example.com',
  app_metadata: {},
  user_metadata: {},
  created_at: '2026-01-01T00:00:00Z',
};
const session = (n: number, expiresAt: number) => ({
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: expiresAt,
  user,
});

describe('the session store shared by page and service worker', () => {
  beforeEach(async () => {
    await workerAuthStorage.removeItem(KEY);
  });

  it('moves a session an older build kept in localStorage into IndexedDB, so nobody is signed out by the update', async () => {
    const local = memoryLocal();
    local.setItem(KEY, '{"old":true}');
    expect(await pageAuthStorage(local).getItem(KEY)).toBe('{"old":true}');
    expect(await readAuthItem(KEY)).toBe('{"old":true}');
  });

  it('the worker reads what the page stored, and the page reads a session the worker refreshed over its stale copy', async () => {
    const local = memoryLocal();
    const page = pageAuthStorage(local);
    await page.setItem(KEY, 'first');
    expect(await workerAuthStorage.getItem(KEY)).toBe('first');
    // The synchronous "signed in" hint for the first screen stays in localStorage.
    expect(local.getItem(KEY)).toBe('first');
    await workerAuthStorage.setItem(KEY, 'rotated-by-worker');
    expect(await page.getItem(KEY)).toBe('rotated-by-worker');
  });

  it('signing out removes the session for both', async () => {
    const local = memoryLocal();
    const page = pageAuthStorage(local);
    await page.setItem(KEY, 'member');
    await page.removeItem(KEY);
    expect(local.getItem(KEY)).toBeNull();
    expect(await workerAuthStorage.getItem(KEY)).toBeNull();
  });
});

describe('refreshes by page and worker take turns', () => {
  beforeAll(installLocks);
  afterAll(() => {
    Reflect.deleteProperty(globalThis, 'navigator');
  });

  it('two clients finding the same expired session refresh once; the second uses the rotated token, never the spent one', async () => {
    const presented: string[] = [];
    let current = 0;
    // The auth server's rotation: a refresh token works once.
    const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!url.includes('/auth/v1/token')) return new Response('{}', { status: 404 });
      const { refresh_token } = JSON.parse(String(init?.body)) as { refresh_token: string };
      presented.push(refresh_token);
      await new Promise((r) => setTimeout(r, 20));
      if (refresh_token !== `refresh-${current}`) {
        return new Response(JSON.stringify({ code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' }), { status: 400 });
      }
      current += 1;
      return new Response(JSON.stringify(session(current, Math.floor(Date.now() / 1000) + 3600)), { status: 200 });
    };
    await workerAuthStorage.setItem(KEY, JSON.stringify(session(0, Math.floor(Date.now() / 1000) - 60)));
    const options = (storage: typeof workerAuthStorage) => ({
      auth: { ...sharedAuthOptions(KEY, storage), autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: fetchStub as typeof fetch },
      // Node 20 has no WebSocket; realtime is not used here.
      realtime: { transport: ws as unknown as typeof WebSocket },
    });
    const page = createClient('http://localhost:54321', 'anon', options(pageAuthStorage(memoryLocal())));
    const worker = createClient('http://localhost:54321', 'anon', options(workerAuthStorage));

    const [a, b] = await Promise.all([page.auth.getSession(), worker.auth.getSession()]);
    expect(presented).toEqual(['refresh-0']);
    expect(a.data.session?.access_token).toBe('access-1');
    expect(b.data.session?.access_token).toBe('access-1');
    expect(JSON.parse((await workerAuthStorage.getItem(KEY))!)).toMatchObject({ refresh_token: 'refresh-1' });
  });
});
