import { useEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { afterNextPaint } from '@/lib/after-paint';

/**
 * The index of the first item a list renders when it opens at `start` (a thread at its first unread post; below 0:
 * at the top, or not known yet): the items before it are put in above afterwards, one slice per task (`sliceMax`,
 * or half of those already put in once that is more, so a long way up takes a dozen steps), until the list starts
 * at 0. A list still showing its top when `start` becomes known (a thread read whole only after its first posts)
 * opens there then.
 *
 * Each step keeps what the reader sees where it was: the list's first element's position is read before the
 * step's commit and after it (both in one task, the commit forced with flushSync), and the window scrolls by the
 * difference. Browsers with scroll anchoring may already have kept it in place (the difference is then 0); Safari
 * has none, and without this the screen would jump down by everything put in above. A scroll offset is a whole
 * number of pixels and a post's height is not: what a scroll could not take is carried into the next step's, or
 * the view would creep by a pixel every few steps of a long way up.
 */
export function useFillAbove(start: number, list: RefObject<HTMLElement | null>, sliceMax: number): number {
  const [place, setPlace] = useState(() => ({ opening: Math.max(0, start), from: Math.max(0, start) }));
  if (start > 0 && place.opening === 0) setPlace({ opening: start, from: start });
  const { opening, from } = place;
  /** How far the view still is from where it was, after the last step's scroll (under a pixel). */
  const left = useRef(0);
  useEffect(() => {
    if (from === 0) return;
    // After a frame: the browser paints the open (and its scroll to the divider) before any post goes in above.
    return afterNextPaint(() => {
      if (from === opening) left.current = 0;
      const anchor = list.current?.firstElementChild;
      const before = anchor?.getBoundingClientRect().top;
      const step = Math.max(sliceMax, Math.floor((opening - from) / 2));
      flushSync(() => setPlace({ opening, from: Math.max(0, from - step) }));
      if (!anchor || before === undefined || !anchor.isConnected) return;
      // Where the anchor belongs: where it was, less what the last step's scroll left over.
      const home = before - left.current;
      const shift = anchor.getBoundingClientRect().top - home;
      if (shift !== 0) window.scrollBy({ top: shift, behavior: 'instant' });
      // Only a scroll's rounding is carried: a window that could not scroll that far is not chased in later steps.
      const miss = anchor.getBoundingClientRect().top - home;
      left.current = Math.abs(miss) < 1 ? miss : 0;
    });
  }, [opening, from, list, sliceMax]);
  return from;
}
