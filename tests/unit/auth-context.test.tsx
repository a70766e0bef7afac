// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { fallbackUsername, isAdmin, mergeUser } from '@/features/auth/model/merge-user';
import type { ProfileRow } from '@/features/auth/model/profile-types';
import { MESSAGES } from '@/lib/shell-constants';

const authUser = {
  id: '3f2a9c1e-aaaa-bbbb-cccc-000000000001',
  aud: 'authenticated',
  email: 'mia.beats@example.com',
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-02T00:00:00Z',
};

describe('merged user', () => {
  it('falls back to the defaults when no profile row exists', () => {
    const user = mergeUser(authUser, null);
    expect(user).toMatchObject({
      id: authUser.id,
      email: 'mia.beats@example.com',
      username: 'mia.beats',
      display_name: 'mia.beats',
      role: 'fan',
      subscription_tier: 'free',
      bio: '',
      location: '',
      signature: '',
      karma: 0,
      genres: [],
      social_links: {},
      monetization: { tipJarEnabled: false, tipJarType: 'crypto', cryptoAddress: null, paypalEmail: null },
      profile: null,
    });
  });

  it("uses 'user_' and the first 8 characters of the id without an e-mail", () => {
    expect(fallbackUsername({ id: authUser.id, email: undefined })).toBe('user_3f2a9c1e');
  });

  it('takes the profile row over the defaults and keeps it raw under profile', () => {
    const row = { id: authUser.id, username: 'mia', display_name: 'Mia', role: 'admin', karma: 42, genres: ['techno'] } as ProfileRow;
    const user = mergeUser(authUser, row);
    expect(user).toMatchObject({ username: 'mia', display_name: 'Mia', role: 'admin', karma: 42, genres: ['techno'], profile: row });
    expect(isAdmin(user)).toBe(true);
    expect(isAdmin(mergeUser(authUser, null))).toBe(false);
  });
});

describe('useAuth', () => {
  afterEach(cleanup);

  it("fails outside a provider with 'useAuth must be used within an AuthProvider'", () => {
    function Probe() {
      useAuth();
      return <p>unreachable</p>;
    }
    const silence = console.error;
    console.error = () => undefined;
    try {
      expect(() => render(<Probe />)).toThrow(MESSAGES.useAuthOutsideProvider);
    } finally {
      console.error = silence;
    }
    expect(MESSAGES.useAuthOutsideProvider).toBe('useAuth must be used within an AuthProvider');
    expect(screen.queryByText('unreachable')).toBeNull();
  });
});
