import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from '@/lib/after-paint';

/**
 * The next render's count: `growth` times as many, adding at most `sliceMax` items until `fixedUntil` are shown, then
 * at most `sliceMax` or half of those shown, whichever is more. The first screen's neighbourhood then arrives in small
 * commits (each one task the browser cannot split), and a very long list still completes in a few dozen renders
 * (each re-renders every item shown so far).
 */
export function nextLimit(shown: number, growth: number, sliceMax: number, fixedUntil: number): number {
  const slice = shown < fixedUntil ? sliceMax : Math.max(sliceMax, Math.floor(shown / 2));
  return shown + Math.min(shown * (growth - 1), slice);
}

/**
 * How many items of a long list to render: `first` at once, then `growth` times as many per
 * follow-up render (see nextLimit for how many one render may add) until all are in, after which every item renders straight
 * away (a new reply must appear in the frame it is added). A 500-post thread
 * then paints its first screen without waiting for 500 cards, and still ends up
 * whole in the document (find in page, keyboard navigation, `?post=` anchors).
 */
export function useProgressiveCount(
  total: number,
  first: number,
  growth: number,
  sliceMax = Number.POSITIVE_INFINITY,
  fixedUntil = Number.POSITIVE_INFINITY,
): number {
  const [limit, setLimit] = useState(first);
  const complete = limit === Number.POSITIVE_INFINITY;
  useEffect(() => {
    if (complete) return;
    if (Math.max(limit, first) >= total) {
      setLimit(Number.POSITIVE_INFINITY);
      return;
    }
    // The first screen is painted before anything is added below it (after a frame); later slices follow in the
    // next task. The transition keeps input responsive meanwhile.
    const grow = () => startTransition(() => setLimit((l) => nextLimit(Math.max(l, first), growth, sliceMax, fixedUntil)));
    if (limit <= first) return afterNextPaint(grow);
    const timer = setTimeout(grow, 0);
    return () => clearTimeout(timer);
  }, [complete, limit, first, total, growth, sliceMax, fixedUntil]);
  // `first` may grow after mount (a later `?post=` further down): it is rendered at once too.
  return complete ? total : Math.min(Math.max(limit, first), total);
}
