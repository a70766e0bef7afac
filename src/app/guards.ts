import { MESSAGES } from '@/lib/shell-constants';

/** What the guards need to know about the member; the router context carries it. */
export type GuardAuth = {
  loading: boolean;
  user: { id: string; role: string } | null;
};

export type GuardDecision =
  | { kind: 'allow' }
  /** The session is still loading: show 'Authenticating...' and decide again once it is known. */
  | { kind: 'wait' }
  | { kind: 'redirect'; to: '/login'; search: { from: string } }
  | { kind: 'redirect'; to: '/'; navigationError: typeof MESSAGES.unauthorizedAdminAccess };

/**
 * Signed-in guard. A member already known stays in while a
 * token refresh reloads the session, so a refresh never blanks the screen.
 */
export function decideSignedIn(auth: GuardAuth, attemptedHref: string): GuardDecision {
  if (auth.user) return { kind: 'allow' };
  if (auth.loading) return { kind: 'wait' };
  return { kind: 'redirect', to: '/login', search: { from: attemptedHref } };
}

/** Admin guard: guests go to /login, members who are not admins to / with 'unauthorized_admin_access'. */
export function decideAdmin(auth: GuardAuth, attemptedHref: string): GuardDecision {
  const signedIn = decideSignedIn(auth, attemptedHref);
  if (signedIn.kind !== 'allow') return signedIn;
  if (auth.user?.role === 'admin') return { kind: 'allow' };
  return { kind: 'redirect', to: '/', navigationError: MESSAGES.unauthorizedAdminAccess };
}
