import { useEffect, useRef } from 'react';
import type { OutboxCollectionName } from '../collections';
import { useOutboxState } from './use-outbox-state';

/**
 * Calls `onSent` once the server took a write that was seen waiting in the
 * outbox: a change made offline is confirmed when it really went out, not
 * when it was kept on the device. Pass null while nothing is being watched.
 */
export function useWhenSent(collection: OutboxCollectionName, id: string | null, onSent: () => void): void {
  const state = useOutboxState(collection, id ?? '')?.state ?? null;
  const sawWaiting = useRef(false);
  const callback = useRef(onSent);
  callback.current = onSent;
  useEffect(() => {
    sawWaiting.current = false;
  }, [collection, id]);
  useEffect(() => {
    if (!id) return;
    if (state === 'waiting') sawWaiting.current = true;
    else if (state === 'sent' && sawWaiting.current) {
      sawWaiting.current = false;
      callback.current();
    }
  }, [id, state]);
}
