import { useCallback, useSyncExternalStore } from 'react';
import type { ReplicatedCollectionName } from '../collections';
import { hasPulled, onPulled } from '../first-pull';

/** true once `name` has been pulled from the server on this device: before that, no rows means "not synced yet", not "empty". */
export function usePulled(name: ReplicatedCollectionName): boolean {
  const read = useCallback(() => hasPulled(name), [name]);
  return useSyncExternalStore(onPulled, read, read);
}
