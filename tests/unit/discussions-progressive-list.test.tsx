// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { THREAD_FIRST_SCREEN_POSTS, THREAD_RENDER_GROWTH, THREAD_RENDER_SLICE_MAX } from '@/features/discussions/constants';
import { useProgressiveCount } from '@/features/discussions/hooks/use-progressive-count';

/** A list rendered the way the thread renders its posts. */
function List({ items, first = THREAD_FIRST_SCREEN_POSTS, seen }: { items: string[]; first?: number; seen?: number[] }) {
  const shown = useProgressiveCount(items.length, first, THREAD_RENDER_GROWTH, THREAD_RENDER_SLICE_MAX);
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

afterEach(cleanup);

describe('a long thread renders progressively', () => {
  it('shows the first screen in the first render, then every post', async () => {
    render(<List items={posts(500)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(THREAD_FIRST_SCREEN_POSTS);
    expect(screen.getByText('Post 0')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(500), { timeout: 10_000 });
    expect(screen.getByText('Post 499')).toBeTruthy();
  });

  it('adds posts near the first screen a few at a time, and a long thread in a dozen renders', async () => {
    const seen: number[] = [];
    render(<List items={posts(500)} seen={seen} />);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(500), { timeout: 10_000 });
    expect(seen[0]).toBe(THREAD_FIRST_SCREEN_POSTS);
    expect(seen.at(-1)).toBe(500);
    const added = seen.slice(1).map((n, i) => n - seen[i]!);
    // Right after the first screen a render adds a slice at most; later never more than half again of what is shown,
    // and 500 posts take a dozen renders or so, not sixty.
    expect(added[0]).toBeLessThanOrEqual(THREAD_RENDER_SLICE_MAX);
    added.forEach((n, i) => expect(n).toBeLessThanOrEqual(Math.max(THREAD_RENDER_SLICE_MAX, Math.floor(seen[i]! / 2))));
    expect(seen.length).toBeLessThanOrEqual(15);
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
