import { useEffect, useState } from 'react';
import type { SyncHandle } from '@/db/replication/sync';
import { threadOnServer, type ServerVerdict } from '../model/server-queries';

/**
 * Asks replication to fetch this thread's posts and keep them syncing, and,
 * when the thread is not on the device, asks the server whether it exists: a
 * thread missing locally is only "not found" when the server says so.
 */
export function useThreadPresence(sync: SyncHandle | null, threadId: string, missingLocally: boolean, online: boolean): ServerVerdict {
  const [verdict, setVerdict] = useState<ServerVerdict>('unknown');

  useEffect(() => {
    if (!sync) return;
    // ensureThread records the visit, joins the thread's live topic and fetches what the device lacks;
    // offline it fails after recording. It waits for the next task, so the posts the device holds are on
    // the glass first: joining a topic and writing the visit cost the open's first frame 10 ms or more.
    const visit = setTimeout(() => sync.ensureThread(threadId).catch(() => undefined), 0);
    // Leaving the screen leaves the thread's live topic: a page elsewhere pays nothing for its replies.
    return () => {
      clearTimeout(visit);
      sync.releaseThread(threadId);
    };
  }, [sync, threadId]);

  useEffect(() => {
    if (!missingLocally || !online) {
      setVerdict('unknown');
      return;
    }
    let active = true;
    setVerdict('checking');
    void threadOnServer(threadId).then((answer) => {
      if (active) setVerdict(answer);
    });
    return () => {
      active = false;
    };
  }, [threadId, missingLocally, online]);

  return verdict;
}
