/**
 * Asks the browser to keep the offline copy when the device runs low on space (it may otherwise evict the whole
 * origin's storage). Asked after the member shows they rely on it (a first kept thread, installing the app), never at
 * start-up. Resolves whether storage is persistent, or null where the browser has no such choice.
 */
export async function requestPersistentStorage(): Promise<boolean | null> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist || !storage.persisted) return null;
  try {
    return (await storage.persisted()) || (await storage.persist());
  } catch {
    return null;
  }
}

/** Whether the browser keeps this origin's storage under pressure; null where it does not say. */
export async function isStoragePersistent(): Promise<boolean | null> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persisted) return null;
  return storage.persisted().catch(() => null);
}
