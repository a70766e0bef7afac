// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useHubVisit } from '@/features/discussions/hooks/use-hub-visit';
import { hubVisitKey, keepHubVisit, takeHubVisit } from '@/features/discussions/model/read-state';
import { useConnectivityStore } from '@/stores/connectivity-store';

const { rpc, server } = vi.hoisted(() => {
  // The member's furthest visit as the server holds it: later times win, the previous one is answered.
  const server = { visit: null as string | null };
  const rpc = vi.fn(async (name: string, args: { p_at: string }) => {
    if (name !== 'mark_hub_visit') return { data: null, error: { message: 'unexpected' } };
    const previous = server.visit;
    if (!previous || args.p_at > previous) server.visit = args.p_at;
    return { data: previous ? previous.replace('Z', '+00:00') : null, error: null };
  });
  return { rpc, server };
});

// The boundary: the backend client.
vi.mock('@/launch/lazy-supabase', () => ({ getSupabase: async () => ({ rpc }) }));

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

beforeEach(() => {
  localStorage.clear();
  rpc.mockClear();
  server.visit = null;
  useConnectivityStore.getState().setOnline(true);
});
afterEach(() => cleanup());

describe('the hub visit on the device', () => {
  it('only moves forward', () => {
    keepHubVisit('m1', '2026-01-02T10:00:00.000Z');
    keepHubVisit('m1', '2026-01-01T10:00:00.000Z');
    expect(localStorage.getItem(hubVisitKey('m1'))).toBe('2026-01-02T10:00:00.000Z');
    expect(takeHubVisit('m1', '2026-01-01T12:00:00.000Z')).toBe('2026-01-02T10:00:00.000Z');
  });
});

describe('useHubVisit', () => {
  it("moves the mark to a later visit made on the member's other device and keeps it on this one", async () => {
    keepHubVisit('m1', ago(2 * DAY));
    const elsewhere = ago(60_000);
    server.visit = elsewhere;
    const { result } = renderHook(() => useHubVisit('m1', false));
    await waitFor(() => expect(result.current).toBe(elsewhere));
    expect(rpc).toHaveBeenCalledTimes(1);
    // This showing is now the server's latest, and the device's.
    expect(server.visit! > elsewhere).toBe(true);
    expect(localStorage.getItem(hubVisitKey('m1'))).toBe(server.visit);
  });

  it("keeps the device's mark when the server knows only an earlier visit", async () => {
    const own = ago(DAY);
    keepHubVisit('m1', own);
    server.visit = ago(3 * DAY);
    const { result } = renderHook(() => useHubVisit('m1', false));
    await waitFor(() => expect(rpc).toHaveBeenCalledTimes(1));
    expect(result.current).toBe(own);
  });

  it('marks from the device offline and sends the visit once the connection returns', async () => {
    const own = ago(2 * DAY);
    keepHubVisit('m1', own);
    const elsewhere = ago(DAY);
    server.visit = elsewhere;
    act(() => useConnectivityStore.getState().setOnline(false));
    const { result } = renderHook(() => useHubVisit('m1', false));
    await waitFor(() => expect(result.current).toBe(own));
    expect(rpc).not.toHaveBeenCalled();

    act(() => useConnectivityStore.getState().setOnline(true));
    await waitFor(() => expect(result.current).toBe(elsewhere));
    expect(rpc).toHaveBeenCalledTimes(1);
    // A second reconnect sends nothing more for the same showing, and the mark does not move to it.
    act(() => useConnectivityStore.getState().setOnline(false));
    act(() => useConnectivityStore.getState().setOnline(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(rpc).toHaveBeenCalledTimes(1);
    expect(result.current).toBe(elsewhere);
  });

  it('on a device the member never opened the hub on, marks what arrived since their visit elsewhere', async () => {
    const elsewhere = ago(DAY);
    server.visit = elsewhere;
    const { result } = renderHook(() => useHubVisit('m1', false));
    // Nothing is new until the server answers; then what came after the visit on the other device is.
    expect(Date.parse(result.current!)).toBeGreaterThan(Date.parse(elsewhere));
    await waitFor(() => expect(result.current).toBe(elsewhere));
  });

  it('on a fresh device with no visit anywhere, finds nothing new', async () => {
    const { result } = renderHook(() => useHubVisit('m1', false));
    await waitFor(() => expect(rpc).toHaveBeenCalledTimes(1));
    expect(result.current).toBe(server.visit);
  });

  it("keeps a visitor's mark on the device only", async () => {
    const own = ago(DAY);
    keepHubVisit(null, own);
    const { result } = renderHook(() => useHubVisit(null, false));
    await waitFor(() => expect(result.current).toBe(own));
    await new Promise((r) => setTimeout(r, 20));
    expect(rpc).not.toHaveBeenCalled();
  });

  it('takes one visit per showing, however often the session passes through loading again', async () => {
    const own = ago(DAY);
    keepHubVisit('m1', own);
    server.visit = ago(2 * DAY);
    const { result, rerender } = renderHook(({ pending }) => useHubVisit('m1', pending), { initialProps: { pending: false } });
    await waitFor(() => expect(rpc).toHaveBeenCalledTimes(1));
    rerender({ pending: true });
    rerender({ pending: false });
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current).toBe(own);
    expect(rpc).toHaveBeenCalledTimes(1);
  });

  it('waits while the session is being restored', async () => {
    const { result } = renderHook(() => useHubVisit('m1', true));
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current).toBeNull();
    expect(rpc).not.toHaveBeenCalled();
  });
});
