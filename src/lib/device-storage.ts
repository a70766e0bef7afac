/**
 * localStorage for small per-device values (launch snapshots, draft rescues):
 * synchronous, so it can be written while a page is being torn down, which
 * IndexedDB cannot promise.
 */
export function deviceStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Access can throw (storage disabled by policy); callers then do without.
    return null;
  }
}

/** Removes every key that starts with `prefix` (sign-out, clearing the device). */
export function removeKeysWithPrefix(prefix: string): void {
  const store = deviceStorage();
  if (!store) return;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}
