import { useEffect, useState } from 'react';
import { storeNeededNow } from '@/lib/first-screen';
import { blogPostReadsServerFirst, serverBlogPost, type ServerBlogPost } from '../model/server-blog';

export type ServerBlogPostRead = {
  /** The server's answer; null when the screen does not read the server first, while it is on its way, or when it failed. */
  answer: ServerBlogPost | null;
  /** True while the read is on its way. */
  pending: boolean;
};

/**
 * The post as the server has it, when the screen opened on a device whose store never held blog posts. A
 * failed read leaves the screen to the store and its own server lookup, as before.
 */
export function useServerBlogPost(slug: string): ServerBlogPostRead {
  const [wanted] = useState(() => blogPostReadsServerFirst(slug));
  const [read, setRead] = useState<ServerBlogPostRead>({ answer: null, pending: wanted });
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    serverBlogPost(slug).then(
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
  }, [wanted, slug]);
  return read;
}
