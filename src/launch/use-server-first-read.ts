import { startTransition, useEffect, useState } from 'react';
import { storeNeededNow } from '@/launch/first-screen';
import { settledServerRead } from '@/launch/server-first';

export type ServerFirstRead<T> = {
  /** The server's answer; null when the screen does not read the server first, while it is on its way, or when it failed. */
  answer: T | null;
  /** True while the read is on its way: the screen shows a skeleton that is not yet its first screen. */
  pending: boolean;
};

/**
 * A launch screen's one read from the server on a device whose store never held its data. `wanted` is
 * decided once, at the first render (the store takes over for good later). A failed read (offline,
 * refused) leaves the screen to the store, which then opens at once instead of after the quiet spell.
 */
export function useServerFirstRead<T>(wanted: () => boolean, read: () => Promise<T>, key: string): ServerFirstRead<T> {
  const [asked] = useState(wanted);
  // A read the route's loader started, and the launch waited for, is shown by the first render: the screen's
  // first paint is then its content, not the layout around an empty screen followed by a second render.
  const [known] = useState(() => (asked ? settledServerRead(read()) : undefined));
  const [result, setResult] = useState<ServerFirstRead<T>>(known ? { answer: known.value, pending: false } : { answer: null, pending: asked });
  useEffect(() => {
    if (!asked || known) return;
    let live = true;
    read().then(
      // The answer mounts the screen's content: as a transition, built in slices (an update from a promise is
      // otherwise rendered in one task, a whole thread's posts at once).
      (answer) => live && startTransition(() => setResult({ answer, pending: false })),
      () => {
        storeNeededNow();
        if (live) setResult({ answer: null, pending: false });
      },
    );
    return () => {
      live = false;
    };
    // `read` follows from `key`: a new function per render must not ask the server again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked, key]);
  return result;
}
