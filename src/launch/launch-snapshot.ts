/**
 * What a screen made of local data last showed, kept in localStorage so the
 * next launch on that screen can paint it before IndexedDB and RxDB have
 * opened (about 0.7 s of a 4x-throttled offline cold start). The live query
 * replaces it as soon as the store answers. Snapshots hold only what the
 * screen showed, are keyed by path, and are dropped on sign-out and when the
 * device's data is cleared.
 */
import { deviceStorage as storage, privateKey, readJson } from '@/lib/device-storage';

const keyOf = (path: string) => privateKey('launch', path);

/**
 * The snapshot for `path`, when one is kept and `parse` accepts it. One it refuses (a build with another
 * shape wrote it) is dropped, so the next launch does not count on it and opens the store at once.
 */
export function readLaunchSnapshot<T>(path: string, parse: (value: unknown) => T | null): T | null {
  return readJson(keyOf(path), parse);
}

export function hasLaunchSnapshot(path: string): boolean {
  return Boolean(storage()?.getItem(keyOf(path)));
}

/** Keeps `value` for `path`; an unchanged value is not written again (the live list re-emits often). */
export function writeLaunchSnapshot(path: string, value: unknown): void {
  const store = storage();
  if (!store) return;
  const raw = JSON.stringify(value);
  try {
    if (store.getItem(keyOf(path)) !== raw) store.setItem(keyOf(path), raw);
  } catch {
    // A full quota only costs the next launch its head start.
  }
}
