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

// The boundary: realtime-js channels whose join status the test reports.
function scriptedChannelsClient() {
  const statuses: ((status: string) => void)[] = [];
  const channel = {
    on: () => channel,
    subscribe: (cb: (status: string) => void) => {
      statuses.push(cb);
      return channel;
    },
  };
  const client = { channel: () => channel, removeChannel: vi.fn(async () => 'ok'), realtime: { isConnected: () => true } } as unknown as SupabaseClient;
  return { client, report: (status: string) => statuses.forEach((cb) => cb(status)) };
}

describe('a topic joining again', () => {
  it('asks for its tables to be pulled saying the server answers, so a pull waiting out a failure starts now; a drop asks without it', () => {
    const { client, report } = scriptedChannelsClient();
    const onPull = vi.fn();
    stream = openLiveStream(client, { userId: null, tables: ['posts', 'discussions'], downResyncMs: 60_000 }, { onRows: () => undefined, onPull });
    report('CHANNEL_ERROR');
    expect(onPull).toHaveBeenLastCalledWith(['posts', 'discussions']);
    report('SUBSCRIBED');
    expect(onPull).toHaveBeenLastCalledWith(['posts', 'discussions'], true);
  });
});
