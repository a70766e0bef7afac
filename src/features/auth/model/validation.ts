import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH, USERNAME_PATTERN, USERNAME_RULE_MESSAGE } from '../constants';
import { safeRedirectTarget } from '@/lib/safe-redirect';

export type SignupInput = {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  location: string;
  /** the hidden field only bots fill in */
  honeypot: string;
};

/** Login: both fields required. Returns the message to show, or null. */
export function validateLogin(email: string, password: string): string | null {
  return email.trim() && password ? null : AUTH_MESSAGES.loginMissingFields;
}

/** The signup checks in the order the form shows them; the first failing one wins. */
export function validateSignup(input: SignupInput): string | null {
  if (input.honeypot.trim() !== '') return AUTH_MESSAGES.signupHoneypot;
  if (!input.username.trim() || !input.email.trim() || !input.password || !input.confirmPassword) return AUTH_MESSAGES.signupAllRequired;
  if (input.password !== input.confirmPassword) return AUTH_MESSAGES.signupPasswordsMismatch;
  if (input.password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.signupPasswordTooShort;
  if (!USERNAME_PATTERN.test(input.username.trim())) return USERNAME_RULE_MESSAGE;
  return null;
}

type AuthErrorLike = { message?: string; status?: number; code?: string };

function asAuthError(error: unknown): AuthErrorLike | null {
  if (error && typeof error === 'object' && ('message' in error || 'status' in error)) return error as AuthErrorLike;
  return null;
}

/** Sign-up error mapping. */
export function signupErrorMessage(error: unknown): string {
  const e = asAuthError(error);
  if (!e) return AUTH_MESSAGES.signupUnexpected;
  const message = (e.message ?? '').toLowerCase();
  if (message.includes('username') && message.includes('taken')) return AUTH_MESSAGES.signupUsernameTaken;
  if (message.includes('email rate limit exceeded') || e.status === 429) return AUTH_MESSAGES.signupRateLimited;
  if (message.includes('user already registered')) return AUTH_MESSAGES.signupAlreadyRegistered;
  return e.message || AUTH_MESSAGES.signupFailedFallback;
}

/** Login error mapping: the server's message, else the fallback. */
export function loginErrorMessage(error: unknown): string {
  const e = asAuthError(error);
  if (!e) return AUTH_MESSAGES.loginUnexpected;
  return e.message || AUTH_MESSAGES.loginFailedFallback;
}

/** Where a signed-in member goes from /login or /signup: the page they came from, else their profile. */
export function postLoginPath(from: string | undefined, user: { username?: string; id: string }): string {
  const profile = `/profile/${encodeURIComponent(user.username || user.id)}`;
  // Back to /login or /signup would only bounce the member here again.
  if (from?.startsWith('/login') || from?.startsWith('/signup')) return profile;
  return safeRedirectTarget(from, profile);
}
