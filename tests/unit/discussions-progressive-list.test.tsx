// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  THREAD_CONTEXT_ABOVE,
  THREAD_FIRST_SCREEN_POSTS,
  THREAD_RENDER_FIXED_UNTIL,
  THREAD_RENDER_GROWTH,
  THREAD_RENDER_SLICE_MAX,
} from '@/features/discussions/constants';
import { useFillAbove } from '@/features/discussions/hooks/use-fill-above';
import { useProgressiveCount } from '@/features/discussions/hooks/use-progressive-count';

/** A list rendered the way the thread renders its posts. */
function List({ items, first = THREAD_FIRST_SCREEN_POSTS, seen }: { items: string[]; first?: number; seen?: number[] }) {
  const shown = useProgressiveCount(items.length, first, THREAD_RENDER_GROWTH, THREAD_RENDER_SLICE_MAX, THREAD_RENDER_FIXED_UNTIL);
  if (seen && seen.at(-1) !== shown) seen.push(shown);
  return (
    <ul>
      {items.slice(0, shown).map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

const posts = (n: number) => Array.from({ length: n }, (_, i) => `Post ${i}`);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a long thread renders progressively', () => {
  it('shows the first screen in the first render, then every post', async () => {
    render(<List items={posts(500)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(THREAD_FIRST_SCREEN_POSTS);
    expect(screen.getByText('Post 0')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(500), { timeout: 10_000 });
    expect(screen.getByText('Post 499')).toBeTruthy();
  });

  it('adds posts near the first screen a slice at a time, and a long thread in a few dozen renders', async () => {
    const seen: number[] = [];
    render(<List items={posts(500)} seen={seen} />);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(500), { timeout: 10_000 });
    expect(seen[0]).toBe(THREAD_FIRST_SCREEN_POSTS);
    expect(seen.at(-1)).toBe(500);
    const added = seen.slice(1).map((n, i) => n - seen[i]!);
    // Until the fixed stretch is shown a render adds one slice at most; after it never more than half again of what
    // is shown, and 500 posts take the fixed stretch's slices and a few more renders, not 250.
    added.forEach((n, i) => expect(n).toBeLessThanOrEqual(seen[i]! < THREAD_RENDER_FIXED_UNTIL ? THREAD_RENDER_SLICE_MAX : Math.floor(seen[i]! / 2)));
    const fixedRenders = Math.ceil((THREAD_RENDER_FIXED_UNTIL - THREAD_FIRST_SCREEN_POSTS) / THREAD_RENDER_SLICE_MAX);
    expect(seen.length).toBeLessThanOrEqual(1 + fixedRenders + 8);
  });

  it('shows everything up to a far target at once', () => {
    render(<List items={posts(500)} first={421} />);
    expect(screen.getByText('Post 420')).toBeTruthy();
  });

  it('a short thread shows whole at once, and a new post once whole shows in the same render', async () => {
    const short = THREAD_FIRST_SCREEN_POSTS;
    const { rerender } = render(<List items={posts(short)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(short);
    const many = posts(THREAD_FIRST_SCREEN_POSTS + 3);
    rerender(<List items={posts(short)} />);
    await act(async () => new Promise((r) => setTimeout(r, 10)));
    rerender(<List items={many} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(many.length);
  });
});

/** A list opened at `openAt` the way the thread opens at its first unread post. */
function OpenedAt({ items, openAt, seen }: { items: string[]; openAt: number; seen: number[] }) {
  const list = useRef<HTMLUListElement>(null);
  const from = useFillAbove(openAt - THREAD_CONTEXT_ABOVE, list, THREAD_RENDER_SLICE_MAX);
  const shown = useProgressiveCount(items.length, openAt + THREAD_FIRST_SCREEN_POSTS, THREAD_RENDER_GROWTH, THREAD_RENDER_SLICE_MAX, THREAD_RENDER_FIXED_UNTIL);
  if (seen.at(-1) !== from) seen.push(from);
  return (
    <ul ref={list}>
      {items.slice(from, shown).map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

describe('a thread opened at its first unread post', () => {
  it("renders the unread post's neighbourhood first, then the posts above it, and ends whole", async () => {
    const seen: number[] = [];
    render(<OpenedAt items={posts(500)} openAt={420} seen={seen} />);
    // The first frame: one read post for context, the first unread one and the first screen below it.
    const first = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(first[0]).toBe(`Post ${420 - THREAD_CONTEXT_ABOVE}`);
    expect(first).toContain('Post 420');
    expect(first).not.toContain('Post 0');
    expect(first.length).toBeLessThanOrEqual(THREAD_CONTEXT_ABOVE + THREAD_FIRST_SCREEN_POSTS);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(500), { timeout: 10_000 });
    expect(screen.getAllByRole('listitem')[0]!.textContent).toBe('Post 0');
    // A few slices at first, then larger ones: a long way up is a dozen steps or so, not fifty.
    expect(seen.length).toBeLessThanOrEqual(15);
    expect(seen[0]! - seen[1]!).toBeLessThanOrEqual(THREAD_RENDER_SLICE_MAX);
  });

  it('keeps the view where it was as each slice goes in above (no scroll anchoring in the browser)', async () => {
    // Layout stand-in: every item is 100 px tall, stacked from the top of the page, the window never scrolled by itself.
    let scrolled = 0;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const index = this.parentElement ? Array.prototype.indexOf.call(this.parentElement.children, this) : 0;
      return { top: index * 100 - scrolled, bottom: 0, left: 0, right: 0, width: 0, height: 100, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
    });
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(((options: ScrollToOptions) => {
      scrolled += options.top ?? 0;
    }) as typeof window.scrollBy);
    render(<OpenedAt items={posts(60)} openAt={40} seen={[]} />);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(60), { timeout: 10_000 });
    // 39 items went in above the first one rendered: the page scrolled down by exactly their height, in steps.
    expect(scrollBy.mock.calls.length).toBeGreaterThan(1);
    expect(scrolled).toBe((40 - THREAD_CONTEXT_ABOVE) * 100);
    expect(screen.getByText(`Post ${40 - THREAD_CONTEXT_ABOVE}`).getBoundingClientRect().top).toBe(0);
  });

  it('keeps it there to the pixel when heights are fractional and the window scrolls by whole pixels', async () => {
    // As in Chromium: a post is 100.3 px tall, and a scroll offset is a whole number of pixels.
    const height = 100.3;
    let scrolled = 0;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const index = this.parentElement ? Array.prototype.indexOf.call(this.parentElement.children, this) : 0;
      return { top: index * height - scrolled, bottom: 0, left: 0, right: 0, width: 0, height, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
    });
    const opened = () => screen.getByText(`Post ${40 - THREAD_CONTEXT_ABOVE}`).getBoundingClientRect().top;
    // Where the post the thread opened with sits after each step.
    const tops: number[] = [];
    vi.spyOn(window, 'scrollBy').mockImplementation(((options: ScrollToOptions) => {
      scrolled = Math.round(scrolled + (options.top ?? 0));
      tops.push(opened());
    }) as typeof window.scrollBy);
    render(<OpenedAt items={posts(60)} openAt={40} seen={[]} />);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(60), { timeout: 10_000 });
    expect(tops.length).toBeGreaterThan(3);
    for (const top of tops) expect(Math.abs(top)).toBeLessThanOrEqual(0.5);
  });

  it('a thread whose first unread post is known only after its first posts showed opens there then', async () => {
    const { rerender } = render(<OpenedAt items={posts(500)} openAt={-1} seen={[]} />);
    expect(screen.getAllByRole('listitem')[0]!.textContent).toBe('Post 0');
    rerender(<OpenedAt items={posts(500)} openAt={300} seen={[]} />);
    expect(screen.getAllByRole('listitem')[0]!.textContent).toBe(`Post ${300 - THREAD_CONTEXT_ABOVE}`);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(500), { timeout: 10_000 });
  });

  it('a thread opened at the top renders from its first post at once', () => {
    render(<OpenedAt items={posts(50)} openAt={-1} seen={[]} />);
    expect(screen.getAllByRole('listitem')[0]!.textContent).toBe('Post 0');
  });
});
