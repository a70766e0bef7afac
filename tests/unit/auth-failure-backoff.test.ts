import { describe, expect, it } from 'vitest';
import { FailureBackoff, FIRST_SIGN_IN_DELAY_MS, MAX_SIGN_IN_DELAY_MS } from '../../supabase/local/gateway/auth/limits';

const WINDOW_MS = 5 * 60 * 1000;

describe('growing waits after failed sign-ins', () => {
  it('lets the free failures through, then doubles the wait with every further failure, up to the cap', () => {
    const backoff = new FailureBackoff(3, WINDOW_MS);
    let now = 1_000_000;
    for (let i = 0; i < 2; i += 1) {
      backoff.fail('a', now);
      expect(backoff.waitMs('a', now)).toBe(0);
    }
    backoff.fail('a', now);
    expect(backoff.waitMs('a', now)).toBe(FIRST_SIGN_IN_DELAY_MS);
    expect(backoff.waitMs('a', now + FIRST_SIGN_IN_DELAY_MS - 1)).toBe(1);
    now += FIRST_SIGN_IN_DELAY_MS;
    expect(backoff.waitMs('a', now)).toBe(0);
    backoff.fail('a', now);
    expect(backoff.waitMs('a', now)).toBe(2 * FIRST_SIGN_IN_DELAY_MS);
    for (let i = 0; i < 20; i += 1) backoff.fail('a', now);
    expect(backoff.waitMs('a', now)).toBe(MAX_SIGN_IN_DELAY_MS);
    // Another key is untouched.
    expect(backoff.waitMs('b', now)).toBe(0);
  });

  it('forgets a key that stopped failing for the window beyond its wait, and a success ends the waits', () => {
    const backoff = new FailureBackoff(1, WINDOW_MS);
    backoff.fail('a', 0);
    expect(backoff.waitMs('a', 0)).toBe(FIRST_SIGN_IN_DELAY_MS);
    backoff.fail('a', FIRST_SIGN_IN_DELAY_MS + WINDOW_MS * 2);
    expect(backoff.waitMs('a', FIRST_SIGN_IN_DELAY_MS + WINDOW_MS * 2)).toBe(FIRST_SIGN_IN_DELAY_MS);
    backoff.clear('a');
    expect(backoff.waitMs('a', FIRST_SIGN_IN_DELAY_MS + WINDOW_MS * 2)).toBe(0);
  });
});
