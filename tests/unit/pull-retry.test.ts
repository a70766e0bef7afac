// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPullRetryGate, gated } from '@/db/replication/pull-retry';

// The boundary: the request a pull makes, failing once (the network went as it was sent) and then answering.
function flakyPull() {
  let calls = 0;
  const pull = vi.fn(async () => {
    calls += 1;
    if (calls === 1) throw new Error('Failed to fetch');
    return { documents: [], checkpoint: null };
  });
  return pull;
}

afterEach(() => vi.useRealTimers());

describe('the wait after a failed pull', () => {
  it('keeps the retry time between a failed attempt and the next when nothing says the server answers', async () => {
    vi.useFakeTimers();
    const pull = flakyPull();
    const handler = gated(createPullRetryGate(5_000), pull);
    await expect(handler()).rejects.toThrow('Failed to fetch');
    // RxDB asks again almost at once; the attempt waits out the retry time
    let done = false;
    void handler().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(4_900);
    expect(pull).toHaveBeenCalledTimes(1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(pull).toHaveBeenCalledTimes(2);
    expect(done).toBe(true);
  });

  it('starts the next attempt at once when a topic has joined (the server answers), not after the retry time', async () => {
    vi.useFakeTimers();
    const pull = flakyPull();
    const gate = createPullRetryGate(5_000);
    const handler = gated(gate, pull);
    await expect(handler()).rejects.toThrow('Failed to fetch');
    let done = false;
    void handler().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(300);
    expect(pull).toHaveBeenCalledTimes(1);
    gate.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(pull).toHaveBeenCalledTimes(2);
    expect(done).toBe(true);
  });

  it('starts the next attempt when the browser says the network is back', async () => {
    vi.useFakeTimers();
    const pull = flakyPull();
    const handler = gated(createPullRetryGate(5_000), pull);
    await expect(handler()).rejects.toThrow('Failed to fetch');
    let done = false;
    void handler().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(300);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(pull).toHaveBeenCalledTimes(2);
    expect(done).toBe(true);
  });

  it('starts the next attempt at once when a topic joined while a failing attempt was still under way', async () => {
    vi.useFakeTimers();
    // The request went out as the network came back and fails only after the topic's join said the server answers.
    let calls = 0;
    const pull = vi.fn(async () => {
      calls += 1;
      if (calls > 1) return 'rows';
      await new Promise((resolve) => setTimeout(resolve, 400));
      throw new Error('Failed to fetch');
    });
    const gate = createPullRetryGate(5_000);
    const handler = gated(gate, pull);
    const first = expect(handler()).rejects.toThrow('Failed to fetch');
    await vi.advanceTimersByTimeAsync(100);
    gate.retryNow();
    await vi.advanceTimersByTimeAsync(300);
    await first;
    let done = false;
    void handler().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(pull).toHaveBeenCalledTimes(2);
    expect(done).toBe(true);
  });

  it('does not hold a pull after one that succeeded, and a retry asked for with nothing failed changes nothing', async () => {
    vi.useFakeTimers();
    const pull = vi.fn(async () => 'rows');
    const gate = createPullRetryGate(5_000);
    const handler = gated(gate, pull);
    gate.retryNow();
    await expect(handler()).resolves.toBe('rows');
    await expect(handler()).resolves.toBe('rows');
    expect(pull).toHaveBeenCalledTimes(2);
  });
});
