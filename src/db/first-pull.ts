import { BehaviorSubject, distinctUntilChanged, map, type Observable } from 'rxjs';
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
const changes = new BehaviorSubject(0);

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
  changes.next(changes.value + 1);
}

export function pulled$(name: ReplicatedCollectionName): Observable<boolean> {
  return changes.pipe(
    map(() => hasPulled(name)),
    distinctUntilChanged(),
  );
}
