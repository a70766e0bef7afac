// @vitest-environment happy-dom
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_PULL_MIN_INTERVAL_MS, LIVE_PULL_SLACK_MS, openLiveStream, type LiveStream } from '@/db/replication/live';

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

// The boundary: realtime-js channels whose join status the test reports and whose messages it hands over.
function scriptedChannelsClient() {
  const statuses: ((status: string) => void)[] = [];
  const handlers: ((m: { event: string; payload: Record<string, unknown> }) => void)[] = [];
  const channel = {
    on: (_type: string, _filter: unknown, cb: (m: { event: string; payload: Record<string, unknown> }) => void) => {
      handlers.push(cb);
      return channel;
    },
    subscribe: (cb: (status: string) => void) => {
      statuses.push(cb);
      return channel;
    },
  };
  const client = { channel: () => channel, removeChannel: vi.fn(async () => 'ok'), realtime: { isConnected: () => true } } as unknown as SupabaseClient;
  return {
    client,
    report: (status: string) => statuses.forEach((cb) => cb(status)),
    /** a community message naming `tables` */
    named: (tables: string[]) => handlers.forEach((cb) => cb({ event: 'changed', payload: { tables, discussions: [] } })),
  };
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

/** A live stream on fake timers whose topics have joined; `onPull` starts empty of the joins' own pulls. */
function joinedStream(tables: string[], pulledWhenShown?: string[]) {
  vi.useFakeTimers();
  const { client, named, report } = scriptedChannelsClient();
  const onPull = vi.fn();
  stream = openLiveStream(client, { userId: null, tables, pulledWhenShown, backstopMs: 600_000 }, { onRows: () => undefined, onPull });
  report('SUBSCRIBED');
  const joins = [...onPull.mock.calls];
  onPull.mockClear();
  return { named, onPull, joins };
}

describe('pulls the community topic asks for', () => {
  afterEach(() => vi.useRealTimers());

  it('a burst of five replies a second apart costs each page one pull of what it named, within the interval and its slack', async () => {
    const { named, onPull } = joinedStream(['posts', 'user_activities']);
    // the database speaks at most once per window: the burst's messages come at 0, 2 and 4 s (the last a little late)
    named(['posts', 'user_activities']);
    await vi.advanceTimersByTimeAsync(2_000);
    named(['posts', 'user_activities']);
    await vi.advanceTimersByTimeAsync(2_050);
    named(['posts', 'user_activities']);
    await vi.advanceTimersByTimeAsync(LIVE_PULL_MIN_INTERVAL_MS + LIVE_PULL_SLACK_MS - 4_050);
    expect(onPull).toHaveBeenCalledTimes(1);
    expect(onPull).toHaveBeenLastCalledWith(['posts', 'user_activities']);
    // and no second round for the burst's last message
    await vi.advanceTimersByTimeAsync(30_000);
    expect(onPull).toHaveBeenCalledTimes(1);
  });

  it('a steady stream still pulls once per interval, never later than the interval and its slack after the first message', async () => {
    const { named, onPull } = joinedStream(['posts']);
    for (let t = 0; t < 30_000; t += 2_000) {
      named(['posts']);
      await vi.advanceTimersByTimeAsync(2_000);
    }
    // 30 s of messages every 2 s: a pull per interval (7 to 8.5 s apart), not one per message
    expect(onPull.mock.calls.length).toBeGreaterThanOrEqual(Math.floor(30_000 / (LIVE_PULL_MIN_INTERVAL_MS + LIVE_PULL_SLACK_MS)));
    expect(onPull.mock.calls.length).toBeLessThanOrEqual(Math.ceil(30_000 / LIVE_PULL_MIN_INTERVAL_MS));
  });
});

describe('tables pulled when shown', () => {
  afterEach(() => vi.useRealTimers());

  it('a community message naming one does not pull it on every page; a join still does', async () => {
    const { named, onPull, joins } = joinedStream(['posts', 'user_activities'], ['user_activities']);
    // the join: every table, the lazy one too
    expect(joins).toContainEqual([['posts', 'user_activities'], true]);
    named(['posts', 'user_activities']);
    await vi.advanceTimersByTimeAsync(LIVE_PULL_MIN_INTERVAL_MS + LIVE_PULL_SLACK_MS);
    expect(onPull.mock.calls).toEqual([[['posts']]]);
    named(['user_activities']);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(onPull).toHaveBeenCalledTimes(1);
  });
});
