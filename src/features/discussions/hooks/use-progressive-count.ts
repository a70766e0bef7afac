import { startTransition, useEffect, useState } from 'react';

/**
 * How many items of a long list to render: `first` at once, then `growth` times as many per
 * follow-up render (never more than `sliceMax` added at once) until all are in, after which every item renders straight
 * away (a new reply must appear in the frame it is added). A 500-post thread
 * then paints its first screen without waiting for 500 cards, and still ends up
 * whole in the document (find in page, keyboard navigation, `?post=` anchors).
 */
export function useProgressiveCount(total: number, first: number, growth: number, sliceMax = Number.POSITIVE_INFINITY): number {
  const [limit, setLimit] = useState(first);
  const complete = limit === Number.POSITIVE_INFINITY;
  useEffect(() => {
    if (complete) return;
    if (Math.max(limit, first) >= total) {
      setLimit(Number.POSITIVE_INFINITY);
      return;
    }
    // A macrotask lets the browser paint what is committed; the transition keeps input responsive meanwhile.
    const timer = setTimeout(() => startTransition(() => setLimit((l) => Math.max(l, first) + Math.min(Math.max(l, first) * (growth - 1), sliceMax))), 0);
    return () => clearTimeout(timer);
  }, [complete, limit, first, total, growth, sliceMax]);
  // `first` may grow after mount (a later `?post=` further down): it is rendered at once too.
  return complete ? total : Math.min(Math.max(limit, first), total);
}
