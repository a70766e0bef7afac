/**
 * Where supabase-js keeps the member's session: in IndexedDB, which the service worker can read too, so it can
 * act for the member (mark a notification read, later send what is queued) with every page closed.
 *
 * Page and worker refresh the same rotating refresh token. Each refresh runs under the browser-wide lock
 * supabase-js names after the storage key, so the second one waits, reads the rotated token the first stored
 * and never presents a spent one (which the auth server may treat as token theft and revoke the session).
 */
import { navigatorLock } from '@supabase/supabase-js';
import { readAuthItem, removeAuthItem, writeAuthItem } from './worker-store';

/** What supabase-js asks of a session store (its async form). */
export type AuthStorage = {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
};

/** localStorage's part the page uses (typed here: the worker's build has no DOM `Storage`). */
type LocalCopy = { getItem(key: string): string | null; setItem(key: string, value: string): void; removeItem(key: string): void };

/**
 * The page's storage. A copy stays in localStorage because the first screen decides "member or visitor"
 * synchronously before IndexedDB can answer; the copy is never read as the session once IndexedDB holds one.
 * A session stored by an older build (localStorage only) moves into IndexedDB on first read, so nobody is signed out.
 * Where IndexedDB fails (some private modes), localStorage alone keeps the app working as before.
 */
export function pageAuthStorage(local: LocalCopy | null): AuthStorage {
  return {
    async getItem(key) {
      try {
        const stored = await readAuthItem(key);
        if (stored !== null) return stored;
        const legacy = local?.getItem(key) ?? null;
        if (legacy !== null) await writeAuthItem(key, legacy);
        return legacy;
      } catch {
        return local?.getItem(key) ?? null;
      }
    },
    async setItem(key, value) {
      local?.setItem(key, value);
      await writeAuthItem(key, value).catch(() => undefined);
    },
    async removeItem(key) {
      local?.removeItem(key);
      await removeAuthItem(key).catch(() => undefined);
    },
  };
}

/** The worker's storage: IndexedDB only (workers have no localStorage). */
export const workerAuthStorage: AuthStorage = {
  getItem: (key) => readAuthItem(key),
  setItem: (key, value) => writeAuthItem(key, value),
  removeItem: (key) => removeAuthItem(key),
};

/** The auth options page and worker share: one storage key, one lock, so their refreshes take turns. */
export function sharedAuthOptions(storageKey: string, storage: AuthStorage) {
  return {
    persistSession: true,
    storageKey,
    storage,
    // supabase-js no longer takes a cross-context lock by default; two contexts sharing one refresh token need it.
    lock: navigatorLock,
  } as const;
}
