// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyncHandle } from '@/db/replication/sync';
import { useThreadPresence } from '@/features/discussions/hooks/use-thread-presence';

// The boundary: the server is never asked here (the thread is on the device).
vi.mock('@/features/discussions/model/server-queries', () => ({ threadOnServer: vi.fn(async () => 'exists') }));

function fakeSync() {
  const watching = new Set<string>();
  const sync = {
    ensureThread: vi.fn(async (id: string) => {
      watching.add(id);
      return 0;
    }),
    releaseThread: vi.fn((id: string) => {
      watching.delete(id);
    }),
  };
  return { sync: sync as unknown as SyncHandle, calls: sync, watching };
}

afterEach(() => cleanup());

/** The visit starts in the task after the screen's first frame. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("a thread's live topic follows its screen", () => {
  it('is released when the member leaves the thread screen, not only when another thread opens', async () => {
    const { sync, calls, watching } = fakeSync();
    const a = crypto.randomUUID();
    const { unmount } = renderHook(() => useThreadPresence(sync, a, false, true));
    // Not in the frame that shows the posts the device holds.
    expect(calls.ensureThread).not.toHaveBeenCalled();
    await nextTask();
    expect(calls.ensureThread).toHaveBeenCalledWith(a);
    expect([...watching]).toEqual([a]);
    unmount();
    expect(calls.releaseThread).toHaveBeenCalledWith(a);
    expect([...watching]).toEqual([]);
  });

  it('moving to another thread releases the first and watches the second', async () => {
    const { sync, calls, watching } = fakeSync();
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    const { rerender } = renderHook(({ id }) => useThreadPresence(sync, id, false, true), { initialProps: { id: a } });
    await nextTask();
    rerender({ id: b });
    expect(calls.releaseThread).toHaveBeenCalledWith(a);
    await nextTask();
    expect([...watching]).toEqual([b]);
  });

  it('a screen left before its visit started never joins the topic', async () => {
    const { sync, calls, watching } = fakeSync();
    const a = crypto.randomUUID();
    const { unmount } = renderHook(() => useThreadPresence(sync, a, false, true));
    unmount();
    await nextTask();
    expect(calls.ensureThread).not.toHaveBeenCalled();
    expect([...watching]).toEqual([]);
  });
});
