// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { READ_FLUSH_MS } from '@/features/discussions/constants';
import { useMarkRead } from '@/features/discussions/hooks/use-mark-read';
import type { PostRow } from '@/features/discussions/model/types';

/**
 * The boundary: the browser's IntersectionObserver. Like the browser's, it reports a card once as it is
 * observed (here: whole on screen) and then only when its visibility crosses a threshold, which never
 * happens here: the cards stay where they are.
 */
class ScreenWithEveryCardOnIt {
  constructor(private readonly report: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.report(
        [{ target, isIntersecting: true, intersectionRatio: 1, intersectionRect: { height: 200 } } as unknown as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
  unobserve() {}
  disconnect() {}
}

const post = (id: string, at: string) => ({ id, created_at: at }) as PostRow;
const first = post('a', '2026-11-29T10:00:00.000Z');
const second = post('b', '2026-11-29T10:01:00.000Z');

/** The thread's list: its cards are in the page whatever `posts` the reading hook is told about. */
function Thread({ posts, onRead }: { posts: PostRow[]; onRead: (at: string) => void }) {
  const box = useRef<HTMLDivElement>(null);
  useMarkRead(box, posts, true, onRead);
  return (
    <div ref={box}>
      <article id="post-a">first answer</article>
      <article id="post-b">second answer</article>
    </div>
  );
}

beforeEach(() => vi.stubGlobal('IntersectionObserver', ScreenWithEveryCardOnIt));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('reading a thread moves the read point', () => {
  it('to a card that was on screen before the store had read its post, once it has', async () => {
    const onRead = vi.fn();
    // The store's first read holds the first screen's posts; the page already shows the second answer's card.
    const { rerender } = render(<Thread posts={[first]} onRead={onRead} />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    rerender(<Thread posts={[first, second]} onRead={onRead} />);
    await waitFor(() => expect(onRead).toHaveBeenLastCalledWith(second.created_at), { timeout: READ_FLUSH_MS * 3 });
  });
});
