// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileDoc } from '@/db/schemas/profiles';
import { useProfileByUsername } from '@/features/profiles/hooks/use-profile';
import { useConnectivityStore } from '@/stores/connectivity-store';

const fromServer: ProfileDoc = {
  id: crypto.randomUUID(),
  username: 'offtarget',
  display_name: 'Off Target',
  role: 'producer',
  karma: 0,
  created_at: '2026-11-01T00:00:00Z',
};

// The boundaries: a device whose store does not hold the profile yet, and the server that does.
vi.mock('@/db/hooks/use-live-query', () => ({ useLiveQuery: () => ({ value: [], loading: false, error: null, retry: () => undefined }) }));
vi.mock('@/features/profiles/model/server-profile', () => ({ fetchProfileByUsername: vi.fn(async () => ({ kind: 'found', profile: fromServer })) }));

afterEach(() => {
  cleanup();
  useConnectivityStore.getState().setOnline(true);
});

describe('a profile the device does not hold yet', () => {
  it('stays on the page when the connection drops after the server sent it', async () => {
    useConnectivityStore.getState().setOnline(true);
    const { result } = renderHook(() => useProfileByUsername('OffTarget'));
    await waitFor(() => expect(result.current.state).toBe('found'));
    act(() => useConnectivityStore.getState().setOnline(false));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toMatchObject({ state: 'found', profile: { username: 'offtarget' } });
  });

  it('offline from the start is reported as not on this device, never as not found', async () => {
    useConnectivityStore.getState().setOnline(false);
    const { result } = renderHook(() => useProfileByUsername('someone_else'));
    await waitFor(() => expect(result.current.state).toBe('offline-missing'));
  });
});
