// @vitest-environment happy-dom
import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { useAuth } from '@/features/auth/hooks/use-auth';
import type { ProfileSource } from '@/features/auth/model/profile-source';
import type { ProfileRow } from '@/features/auth/model/profile-types';
import { AUTH_STORAGE_KEY } from '@/lib/shell-constants';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

/**
 * Stands in for supabase-js's auth surface only, to drive the provider's state
 * machine through each event; the real client is exercised by the e2e suites.
 */
function fakeClient(options: { signInError?: Error } = {}) {
  const listeners = new Set<Listener>();
  let current: Session | null = null;
  const auth = {
    onAuthStateChange(listener: Listener) {
      listeners.add(listener);
      queueMicrotask(() => listener('INITIAL_SESSION', current));
      return { data: { subscription: { unsubscribe: () => listeners.delete(listener) } } };
    },
    async getSession() {
      return { data: { session: current }, error: null };
    },
    async signInWithPassword() {
      if (options.signInError) return { data: { user: null, session: null }, error: options.signInError };
      return { data: { user: current?.user ?? null, session: current }, error: null };
    },
    async signOut() {
      current = null;
      listeners.forEach((l) => l('SIGNED_OUT', null));
      return { error: null };
    },
  };
  return {
    // Only the auth members above are used by the provider.
    client: { auth } as unknown as SupabaseClient,
    emit(event: AuthChangeEvent, session: Session | null) {
      current = session;
      listeners.forEach((l) => l(event, session));
    },
  };
}

const session = {
  access_token: 'a',
  refresh_token: 'r',
  expires_in: 3600,
  expires_at: 9_999_999_999,
  token_type: 'bearer',
  user: { id: 'u1', aud: 'authenticated', email: 'sam@example.com', created_at: '2025-01-01T00:00:00Z', app_metadata: {}, user_metadata: {} },
} as Session;

function profiles(rows: Record<string, Partial<ProfileRow>>): ProfileSource {
  return {
    loadProfile: async (id) => (rows[id] as ProfileRow | undefined) ?? null,
    saveProfile: async (id, updates) => ({ ...rows[id], ...updates }) as ProfileRow,
  };
}

function Probe() {
  const { user, session: s, loading, lastEvent, signIn, signOut } = useAuth();
  return (
    <div>
      <p data-testid="state">{JSON.stringify({ loading, username: user?.username ?? null, role: user?.role ?? null, hasSession: Boolean(s), lastEvent })}</p>
      <button onClick={() => signIn('sam@example.com', 'x').catch((e: Error) => (document.title = e.message))}>in</button>
      <button onClick={() => void signOut()}>out</button>
    </div>
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}');

describe('AuthProvider', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('on a device holding a session, starts loading, then settles on INITIAL_SESSION (a visitor if the session was gone)', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{"stored":true}');
    const { client } = fakeClient();
    render(
      <AuthProvider getClient={async () => client} profileSource={profiles({})}>
        <Probe />
      </AuthProvider>,
    );
    expect(state().loading).toBe(true);
    await waitFor(() => expect(state()).toEqual({ loading: false, username: null, role: null, hasSession: false, lastEvent: 'INITIAL_SESSION' }));
  });

  it('on a device holding no session, is a visitor from the start, before the client has loaded, and never shows loading', async () => {
    const { client } = fakeClient();
    let loadClient = (_c: SupabaseClient) => undefined as void;
    const clientLoaded = new Promise<SupabaseClient>((resolve) => (loadClient = resolve));
    const seen: boolean[] = [];
    function LoadingLog() {
      seen.push(useAuth().loading);
      return null;
    }
    render(
      <AuthProvider getClient={() => clientLoaded} profileSource={profiles({})}>
        <Probe />
        <LoadingLog />
      </AuthProvider>,
    );
    expect(state()).toEqual({ loading: false, username: null, role: null, hasSession: false, lastEvent: null });
    loadClient(client);
    await waitFor(() => expect(state().lastEvent).toBe('INITIAL_SESSION'));
    expect(state()).toMatchObject({ loading: false, username: null, hasSession: false });
    expect(seen).not.toContain(true);
  });

  it('merges the profile on SIGNED_IN and clears user and session on SIGNED_OUT', async () => {
    const fake = fakeClient();
    render(
      <AuthProvider getClient={async () => fake.client} profileSource={profiles({ u1: { id: 'u1', username: 'sam', role: 'dj' } })}>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(state().loading).toBe(false));
    act(() => fake.emit('SIGNED_IN', session));
    expect(state().loading).toBe(true);
    await waitFor(() => expect(state()).toMatchObject({ loading: false, username: 'sam', role: 'dj', hasSession: true, lastEvent: 'SIGNED_IN' }));
    await act(async () => screen.getByText('out').click());
    await waitFor(() => expect(state()).toMatchObject({ loading: false, username: null, hasSession: false }));
  });

  it('falls back to the defaults when the profile fetch fails', async () => {
    const fake = fakeClient();
    const failing: ProfileSource = { loadProfile: async () => Promise.reject(new Error('offline')), saveProfile: async () => null };
    const quiet = console.error;
    console.error = () => undefined;
    try {
      render(
        <AuthProvider getClient={async () => fake.client} profileSource={failing}>
          <Probe />
        </AuthProvider>,
      );
      act(() => fake.emit('SIGNED_IN', session));
      await waitFor(() => expect(state()).toMatchObject({ loading: false, username: 'sam', role: 'fan', hasSession: true }));
    } finally {
      console.error = quiet;
    }
  });

  it('rethrows a sign-in error with loading reset', async () => {
    const { client } = fakeClient({ signInError: new Error('Invalid login credentials') });
    render(
      <AuthProvider getClient={async () => client} profileSource={profiles({})}>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(state().loading).toBe(false));
    await act(async () => screen.getByText('in').click());
    await waitFor(() => expect(document.title).toBe('Invalid login credentials'));
    expect(state().loading).toBe(false);
  });
});
