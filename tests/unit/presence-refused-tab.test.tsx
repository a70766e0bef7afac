// @vitest-environment happy-dom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRESENCE_REFUSED_CODE } from '@/features/presence/constants';
import { useOnlineSummary } from '@/features/presence/hooks/use-online-summary';

const { list, rpc } = vi.hoisted(() => {
  const list = { count: 2, guests: 20, members: [], at: new Date().toISOString() };
  const rpc = vi.fn(async (name: string) => {
    // the database counts this caller's 20 tabs already: this one is refused, the list is still there to read
    if (name === 'presence_beat') return { data: null, error: { code: 'PT429', message: 'Too many visitor tabs' } };
    if (name === 'online_summary') return { data: list, error: null };
    return { data: null, error: null };
  });
  return { list, rpc };
});

// The boundary: the backend client, answering as the database does past the tab limit.
vi.mock('@/launch/lazy-supabase', () => {
  const channel = {
    topic: 'realtime:online',
    on: () => channel,
    subscribe: (cb: (status: string) => void) => {
      cb('SUBSCRIBED');
      return channel;
    },
  };
  const client = {
    rpc,
    channel: () => channel,
    getChannels: () => [],
    removeChannel: async () => 'ok',
    auth: { getSession: async () => ({ data: { session: null } }) },
  };
  return { getSupabase: async () => client };
});

vi.mock('@/stores/connectivity-store', () => ({ useConnectivityStore: (pick: (s: { online: boolean }) => unknown) => pick({ online: true }) }));

// the goodbye a closing tab sends
vi.stubGlobal(
  'fetch',
  vi.fn(async () => new Response(null, { status: 204 })),
);

afterEach(() => cleanup());

describe('a tab past the limit of tabs counted online', () => {
  it('is not counted, and still shows who is online', async () => {
    const { result } = renderHook(() => useOnlineSummary(null));
    await waitFor(() => expect(result.current.status).toBe('live'));
    expect(result.current.summary).toMatchObject({ count: list.count, guests: list.guests });
    expect(PRESENCE_REFUSED_CODE).toBe('PT429');
    expect(rpc).toHaveBeenCalledWith('presence_beat', expect.anything());
    expect(rpc).toHaveBeenCalledWith('online_summary');
  });
});
