// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RETRY_DELAYS_MS, importWhenOnline } from '@/lib/import-when-online';

const chunkFailure = () => new TypeError('Failed to fetch dynamically imported module: http://app.test/assets/data-runtime.js');

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('a lazily loaded chunk that could not be fetched', () => {
  it('is fetched again when the connection returns, and the caller gets the module', async () => {
    setOnline(false);
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(chunkFailure()).mockResolvedValue('module');
    const loading = importWhenOnline(load);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).toHaveBeenCalledTimes(1);
    setOnline(true);
    window.dispatchEvent(new Event('online'));
    await expect(loading).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is tried again after a pause while the browser says it is online', async () => {
    vi.useFakeTimers();
    setOnline(true);
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(chunkFailure()).mockResolvedValue('module');
    const loading = importWhenOnline(load);
    await vi.advanceTimersByTimeAsync(CHUNK_RETRY_DELAYS_MS[0] - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(loading).resolves.toBe('module');
  });

  it('does not hide a module that threw while it ran', async () => {
    const broken = new Error('database schema mismatch');
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(broken);
    await expect(importWhenOnline(load)).rejects.toBe(broken);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
