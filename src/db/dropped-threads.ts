import { deviceStorage, privateKey, readJson } from '@/lib/device-storage';

/**
 * Threads "Free space" dropped from this device: their posts stay off it even while the thread is recent or the
 * member took part in it, until the member opens or keeps it again (a visit, a pin or a bookmark keeps it once
 * more). The device's own list, never synced; it goes with the member's other private values on sign-out.
 */
const DROPPED_KEY = privateKey('free-space', 'dropped-threads');

function parse(value: unknown): Record<string, string> | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  return Object.values(value).every((at) => typeof at === 'string') ? (value as Record<string, string>) : null;
}

/** Ids of the threads dropped to free space (with when), on this device. */
export function droppedThreads(): Record<string, string> {
  return readJson(DROPPED_KEY, parse) ?? {};
}

export function markThreadsDropped(ids: readonly string[], at: string): void {
  const store = deviceStorage();
  if (!store || ids.length === 0) return;
  const next = { ...droppedThreads() };
  for (const id of ids) next[id] = at;
  store.setItem(DROPPED_KEY, JSON.stringify(next));
}
