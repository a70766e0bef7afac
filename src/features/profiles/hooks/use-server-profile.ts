import { useEffect, useState } from 'react';
import { storeNeededNow } from '@/lib/first-screen';
import { profileReadsServerFirst, serverProfile, type ServerProfile } from '../model/server-profile';

export type ServerProfileRead = {
  /** The server's answer; null when the screen does not read the server first, while it is on its way, or when it failed. */
  answer: ServerProfile | null;
  /** True while the read is on its way: the screen shows a skeleton that is not yet its first screen. */
  pending: boolean;
};

/**
 * The profile as the server has it, when the screen opened on a device whose store never held profiles and
 * content. A failed read leaves the screen to the store and its own server lookup, as before.
 */
export function useServerProfile(username: string): ServerProfileRead {
  const [wanted] = useState(() => profileReadsServerFirst(username));
  const [read, setRead] = useState<ServerProfileRead>({ answer: null, pending: wanted });
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    serverProfile(username).then(
      (answer) => live && setRead({ answer, pending: false }),
      () => {
        // Offline or refused: the store is the only source left, and it should not wait for the quiet spell.
        storeNeededNow();
        if (live) setRead({ answer: null, pending: false });
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, username]);
  return read;
}
