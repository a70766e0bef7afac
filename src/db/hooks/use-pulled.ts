import { useEffect, useState } from 'react';
import type { ReplicatedCollectionName } from '../collections';
import { hasPulled, pulled$ } from '../first-pull';

/** true once `name` has been pulled from the server on this device: before that, no rows means "not synced yet", not "empty". */
export function usePulled(name: ReplicatedCollectionName): boolean {
  const [pulled, setPulled] = useState(() => hasPulled(name));
  useEffect(() => {
    const sub = pulled$(name).subscribe(setPulled);
    return () => sub.unsubscribe();
  }, [name]);
  return pulled;
}
