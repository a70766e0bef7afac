/**
 * localStorage for small per-device values (launch snapshots, form drafts):
 * synchronous, so it can be written while a page is being torn down, which
 * IndexedDB cannot promise.
 */
import { AUTH_STORAGE_KEY } from './shell-constants';

/** Every key holding what a member saw or typed on this device starts with this, so one call removes them all. */
const PRIVATE_PREFIX = 'djcircle-private:';

/** The key of `key` in `area` (e.g. 'launch', 'form-draft') among the member's private values. */
export function privateKey(area: string, key: string): string {
  return `${PRIVATE_PREFIX}${area}:${key}`;
}

export function deviceStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Access can throw (storage disabled by policy); callers then do without.
    return null;
  }
}

/**
 * Whether this device keeps a member's session (its localStorage copy). The launch decides "member or visitor"
 * from it synchronously, before supabase-js has loaded: a visitor's screens never wait for the session.
 */
export function deviceHoldsSession(): boolean {
  return Boolean(deviceStorage()?.getItem(AUTH_STORAGE_KEY));
}

/** Removes every private value (launch snapshots, form drafts): on sign-out and when the device's data is cleared. */
export function clearPrivateDeviceData(): void {
  const store = deviceStorage();
  if (!store) return;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(PRIVATE_PREFIX)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}

/**
 * The JSON value under `key` as `parse` accepts it. One it refuses (a build with another shape
 * wrote it, or it is not JSON) is removed, so nobody counts on it again.
 */
export function readJson<T>(key: string, parse: (value: unknown) => T | null): T | null {
  const store = deviceStorage();
  const raw = store?.getItem(key);
  if (!store || !raw) return null;
  let parsed: T | null = null;
  try {
    parsed = parse(JSON.parse(raw));
  } catch {
    // Not JSON: removed below like any other refused value.
  }
  if (parsed === null) store.removeItem(key);
  return parsed;
}
