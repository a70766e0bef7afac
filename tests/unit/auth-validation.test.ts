import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, USERNAME_RULE_MESSAGE } from '@/features/auth/constants';
import { loginErrorMessage, postLoginPath, signupErrorMessage, validateLogin, validateSignup } from '@/features/auth/model/validation';

const ok = { username: 'mia_beats', email: 'mia@example.com', password: 'secret1', confirmPassword: 'secret1', location: '', honeypot: '' };

describe('login and signup validation', () => {
  it('login needs both fields', () => {
    expect(validateLogin('', 'x')).toBe(AUTH_MESSAGES.loginMissingFields);
    expect(validateLogin('a@b.c', '')).toBe(AUTH_MESSAGES.loginMissingFields);
    expect(validateLogin('a@b.c', 'x')).toBeNull();
  });

  it('checks signup in the stated order', () => {
    expect(validateSignup({ ...ok, honeypot: 'bot', username: '' })).toBe(AUTH_MESSAGES.signupHoneypot);
    expect(validateSignup({ ...ok, email: '', confirmPassword: 'other' })).toBe(AUTH_MESSAGES.signupAllRequired);
    expect(validateSignup({ ...ok, confirmPassword: 'other', password: 'abc' })).toBe(AUTH_MESSAGES.signupPasswordsMismatch);
    expect(validateSignup({ ...ok, password: 'abc', confirmPassword: 'abc', username: 'x' })).toBe(AUTH_MESSAGES.signupPasswordTooShort);
    expect(validateSignup({ ...ok, username: 'ab' })).toBe(USERNAME_RULE_MESSAGE);
    expect(validateSignup({ ...ok, username: 'a'.repeat(21) })).toBe(USERNAME_RULE_MESSAGE);
    expect(validateSignup({ ...ok, username: 'has-dash' })).toBe(USERNAME_RULE_MESSAGE);
    expect(validateSignup(ok)).toBeNull();
  });

  it('maps signup errors', () => {
    expect(signupErrorMessage({ message: 'Username is already taken' })).toBe(AUTH_MESSAGES.signupUsernameTaken);
    expect(signupErrorMessage({ message: 'email rate limit exceeded' })).toBe(AUTH_MESSAGES.signupRateLimited);
    expect(signupErrorMessage({ message: 'slow down', status: 429 })).toBe(AUTH_MESSAGES.signupRateLimited);
    expect(signupErrorMessage({ message: 'User already registered' })).toBe(AUTH_MESSAGES.signupAlreadyRegistered);
    expect(signupErrorMessage({ message: 'Something else' })).toBe('Something else');
    expect(signupErrorMessage({ message: '', status: 500 })).toBe(AUTH_MESSAGES.signupFailedFallback);
    expect(signupErrorMessage('boom')).toBe(AUTH_MESSAGES.signupUnexpected);
  });

  it('maps login errors and picks where to go after signing in', () => {
    expect(loginErrorMessage({ message: 'Invalid login credentials' })).toBe('Invalid login credentials');
    expect(loginErrorMessage({ message: '', status: 400 })).toBe(AUTH_MESSAGES.loginFailedFallback);
    expect(loginErrorMessage(42)).toBe(AUTH_MESSAGES.loginUnexpected);
    expect(postLoginPath('/settings/profile', { id: 'u1', username: 'mia' })).toBe('/settings/profile');
    expect(postLoginPath('//evil.example', { id: 'u1', username: 'mia' })).toBe('/profile/mia');
    expect(postLoginPath('/\\evil.example', { id: 'u1', username: 'mia' })).toBe('/profile/mia');
    expect(postLoginPath('/\t/evil.example', { id: 'u1', username: 'mia' })).toBe('/profile/mia');
    expect(postLoginPath('/login?from=/x', { id: 'u1', username: 'mia' })).toBe('/profile/mia');
    expect(postLoginPath(undefined, { id: 'u1', username: '' })).toBe('/profile/u1');
  });
});
