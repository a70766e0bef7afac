import { describe, expect, it } from 'vitest';
import { decideAdmin, decideSignedIn } from '@/app/guards';
import { safeRedirectTarget } from '@/lib/safe-redirect';
import { MESSAGES } from '@/lib/shell-constants';

const member = { id: 'member-id', role: 'dj' };
const admin = { id: 'admin-id', role: 'admin' };

describe('signed-in guard', () => {
  it("waits ('Authenticating...') while the session is loading", () => {
    expect(MESSAGES.authenticating).toBe('Authenticating...');
    expect(decideSignedIn({ loading: true, user: null }, '/settings/profile')).toEqual({ kind: 'wait' });
  });

  it('sends guests to /login with the attempted location', () => {
    expect(decideSignedIn({ loading: false, user: null }, '/edit-content/42?x=1')).toEqual({
      kind: 'redirect',
      to: '/login',
      search: { from: '/edit-content/42?x=1' },
    });
  });

  it('lets members in, also while a token refresh reloads the session', () => {
    expect(decideSignedIn({ loading: false, user: member }, '/dj-bot')).toEqual({ kind: 'allow' });
    expect(decideSignedIn({ loading: true, user: member }, '/dj-bot')).toEqual({ kind: 'allow' });
  });
});

describe('admin guard', () => {
  it('sends guests to /login', () => {
    expect(decideAdmin({ loading: false, user: null }, '/admin')).toMatchObject({ kind: 'redirect', to: '/login' });
  });

  it("sends members who are not admins to / with 'unauthorized_admin_access'", () => {
    expect(decideAdmin({ loading: false, user: member }, '/admin')).toEqual({
      kind: 'redirect',
      to: '/',
      navigationError: 'unauthorized_admin_access',
    });
  });

  it('lets admins in and waits while loading', () => {
    expect(decideAdmin({ loading: false, user: admin }, '/admin')).toEqual({ kind: 'allow' });
    expect(decideAdmin({ loading: true, user: null }, '/admin')).toEqual({ kind: 'wait' });
  });
});

describe('return path after sign-in', () => {
  it('follows only paths inside the app', () => {
    expect(safeRedirectTarget('/discussions/thread/7', '/profile/me')).toBe('/discussions/thread/7');
    expect(safeRedirectTarget('//evil.example', '/profile/me')).toBe('/profile/me');
    expect(safeRedirectTarget('https://evil.example', '/profile/me')).toBe('/profile/me');
    expect(safeRedirectTarget('/\\evil.example', '/profile/me')).toBe('/profile/me');
    expect(safeRedirectTarget(undefined, '/profile/me')).toBe('/profile/me');
    // Browsers drop tabs and newlines from URLs, so these are //evil.example once followed.
    expect(safeRedirectTarget('/\t/evil.example', '/profile/me')).toBe('/profile/me');
    expect(safeRedirectTarget('/\n/evil.example', '/profile/me')).toBe('/profile/me');
    expect(safeRedirectTarget('/a\\b', '/profile/me')).toBe('/profile/me');
  });
});
