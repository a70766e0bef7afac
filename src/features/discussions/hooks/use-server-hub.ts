import { useEffect, useState } from 'react';
import { hubReadsServerFirst, serverDiscussions } from '../model/server-hub';
import type { DiscussionRow } from '../model/types';

/**
 * The discussions as the server has them, when the hub opened on a device that never finished pulling them
 * (null otherwise, and while the answer is on its way). A failed read leaves the hub to the store, as before.
 */
export function useServerHub(): DiscussionRow[] | null {
  const [wanted] = useState(hubReadsServerFirst);
  const [rows, setRows] = useState<DiscussionRow[] | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    serverDiscussions().then(
      (answer) => live && setRows(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return rows;
}
