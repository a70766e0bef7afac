import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { READ_FLUSH_MS, READ_VISIBLE_RATIO } from '../constants';
import type { PostRow } from '../model/types';

const POST_ID_PREFIX = 'post-';

/**
 * Marks posts read as they scroll into view: every post at least half on screen (or filling half the
 * screen, for a long one) moves the read point to its time; the furthest one is written once per
 * READ_FLUSH_MS, and at once when the page is hidden or the thread is left, so a scroll costs one write.
 */
export function useMarkRead(container: RefObject<HTMLElement | null>, posts: readonly PostRow[], enabled: boolean, onRead: (lastReadAt: string) => void): void {
  const times = useRef(new Map<string, string>());
  // Built when the list changes, not on every render of the thread.
  times.current = useMemo(() => new Map(posts.map((p) => [p.id, p.created_at])), [posts]);
  const callback = useRef(onRead);
  callback.current = onRead;
  const pending = useRef<string | null>(null);
  // Cards seen on screen before their post was in `posts` (the screen's nodes can come before the store's read
  // of them): asked about again once `posts` changes, since the observer reports a card only as it crosses a threshold.
  const unknown = useRef(new Set<Element>());
  const observing = useRef<IntersectionObserver | null>(null);
  useEffect(() => {
    const observer = observing.current;
    if (!observer || unknown.current.size === 0) return;
    for (const el of unknown.current) {
      observer.unobserve(el);
      observer.observe(el);
    }
    unknown.current.clear();
  }, [posts]);

  useEffect(() => {
    const root = container.current;
    if (!enabled || !root || typeof IntersectionObserver === 'undefined') return;
    const unknownCards = unknown.current;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      const at = pending.current;
      pending.current = null;
      if (at) callback.current(at);
    };
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const seen = entry.intersectionRatio >= READ_VISIBLE_RATIO || entry.intersectionRect.height >= window.innerHeight * READ_VISIBLE_RATIO;
          if (!entry.isIntersecting || !seen) continue;
          const at = times.current.get(entry.target.id.slice(POST_ID_PREFIX.length));
          if (!at) unknownCards.add(entry.target);
          else if (!pending.current || at > pending.current) pending.current = at;
        }
        if (pending.current && timer === undefined) timer = setTimeout(flush, READ_FLUSH_MS);
      },
      { threshold: [0, READ_VISIBLE_RATIO, 1] },
    );
    observing.current = observer;
    const observed = new Set<Element>();
    const observeAll = () => {
      for (const el of root.querySelectorAll(`[id^="${POST_ID_PREFIX}"]`)) {
        if (observed.has(el)) continue;
        observed.add(el);
        observer.observe(el);
      }
    };
    observeAll();
    // Long threads render in steps, and new replies arrive: observe posts as they appear.
    const mutations = new MutationObserver(observeAll);
    mutations.observe(root, { childList: true, subtree: true });
    const onHidden = () => document.visibilityState === 'hidden' && flush();
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', flush);
    return () => {
      flush();
      observing.current = null;
      unknownCards.clear();
      observer.disconnect();
      mutations.disconnect();
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', flush);
    };
  }, [container, enabled]);
}
