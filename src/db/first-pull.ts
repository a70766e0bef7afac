import { deviceStorage, privateKey } from '@/lib/device-storage';
import type { ReplicatedCollectionName } from './collections';

/**
 * Whether a collection's first pull has completed on this device. An empty
 * local store is not an empty community: until the server has answered once,
 * a list with no rows is still loading. Kept with the private device values,
 * so clearing the device or signing out starts over.
 */
/** The device value that records a collection's first pull. */
export const pulledKey = (name: ReplicatedCollectionName) => privateKey('pulled', name);
// Plain listeners rather than an observable: this module is part of the app's first JavaScript, which does not load rxjs.
const listeners = new Set<() => void>();

export function hasPulled(name: ReplicatedCollectionName): boolean {
  return deviceStorage()?.getItem(pulledKey(name)) === '1';
}

export function markPulled(name: ReplicatedCollectionName): void {
  if (hasPulled(name)) return;
  try {
    deviceStorage()?.setItem(pulledKey(name), '1');
  } catch {
    // A full quota: lists only say "loading" a little longer on later starts.
  }
  for (const listener of [...listeners]) listener();
}

/** Calls `listener` whenever a collection's first pull is recorded; returns the unsubscribe. */
export function onPulled(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
