// @vitest-environment happy-dom
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openLiveStream, type LiveStream } from '@/db/replication/live';

// The boundary: the realtime client, its socket closed while the device was offline.
function closedSocketClient() {
  const realtime = { isConnected: vi.fn(() => false), disconnect: vi.fn(async () => 'ok'), connect: vi.fn() };
  return { client: { realtime } as unknown as SupabaseClient, realtime };
}

let stream: LiveStream | null = null;
afterEach(() => stream?.stop());

describe('back online', () => {
  it('reopens a socket that is not open at once, instead of waiting for the library back-off', async () => {
    const { client, realtime } = closedSocketClient();
    stream = openLiveStream(client, { userId: null, tables: [] }, { onRows: () => undefined, onPull: () => undefined });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(realtime.connect).toHaveBeenCalledTimes(1));
    expect(realtime.disconnect).toHaveBeenCalledTimes(1);
  });

  it('leaves an open socket alone, and a stopped stream does nothing', async () => {
    const { client, realtime } = closedSocketClient();
    realtime.isConnected.mockReturnValue(true);
    stream = openLiveStream(client, { userId: null, tables: [] }, { onRows: () => undefined, onPull: () => undefined });
    window.dispatchEvent(new Event('online'));
    stream.stop();
    realtime.isConnected.mockReturnValue(false);
    window.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 20));
    expect(realtime.disconnect).not.toHaveBeenCalled();
    expect(realtime.connect).not.toHaveBeenCalled();
  });
});
