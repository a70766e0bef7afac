import { AuthError } from './errors';
import { ErrorCodes, Messages } from './messages';

/** GoTrue counts its per-IP request budgets over 5 minutes. */
export const REQUEST_RATE_WINDOW_MS = 5 * 60 * 1000;

/**
 * Counts events per key over a sliding window. In memory: a restart of the
 * stack forgets the counts, as a restart of GoTrue does.
 */
export class WindowCounter {
  private hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length === 0) this.hits.delete(key);
    else this.hits.set(key, list);
    return list;
  }

  /** true while `key` is under its limit (nothing is counted) */
  allows(key: string, now = Date.now()): boolean {
    return this.recent(key, now).length < this.limit;
  }

  record(key: string, now = Date.now()): void {
    this.hits.set(key, [...this.recent(key, now), now]);
  }

  /** Counts one event for `key`; false (and nothing counted) when the limit is already reached. */
  take(key: string, now = Date.now()): boolean {
    if (!this.allows(key, now)) return false;
    this.record(key, now);
    return true;
  }

  /** Forgets old keys so a long-running stack does not grow without bound. */
  sweep(now = Date.now()): void {
    for (const key of [...this.hits.keys()]) this.recent(key, now);
  }
}

/** First wait once an (account, address) pair has used its free failures; each further failure doubles it. */
export const FIRST_SIGN_IN_DELAY_MS = 30 * 1000;
/** The longest a pair ever waits between two attempts. */
export const MAX_SIGN_IN_DELAY_MS = 60 * 60 * 1000;

/**
 * Growing waits per key after repeated failures: the first `freeFailures` cost nothing, then each one
 * makes the key wait `firstDelayMs`, doubling up to `maxDelayMs`. A key that has not failed for the
 * window (beyond its current wait) starts afresh. In memory, like the other counts.
 */
export class FailureBackoff {
  private entries = new Map<string, { failures: number; last: number }>();

  constructor(
    readonly freeFailures: number,
    readonly windowMs: number,
    readonly firstDelayMs = FIRST_SIGN_IN_DELAY_MS,
    readonly maxDelayMs = MAX_SIGN_IN_DELAY_MS,
  ) {}

  private delayAfter(failures: number): number {
    if (failures < this.freeFailures) return 0;
    return Math.min(this.maxDelayMs, this.firstDelayMs * 2 ** (failures - this.freeFailures));
  }

  private current(key: string, now: number) {
    const entry = this.entries.get(key);
    if (entry && now - entry.last >= this.windowMs + this.delayAfter(entry.failures)) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** How long `key` must still wait before its next attempt; 0 when it may try now. */
  waitMs(key: string, now = Date.now()): number {
    const entry = this.current(key, now);
    return entry ? Math.max(0, entry.last + this.delayAfter(entry.failures) - now) : 0;
  }

  fail(key: string, now = Date.now()): void {
    this.entries.set(key, { failures: (this.current(key, now)?.failures ?? 0) + 1, last: now });
  }

  /** A success from `key` ends its waits. */
  clear(key: string): void {
    this.entries.delete(key);
  }

  sweep(now = Date.now()): void {
    for (const key of [...this.entries.keys()]) this.current(key, now);
  }
}

export const rateLimited = () => new AuthError(429, ErrorCodes.overRequestRateLimit, Messages.requestRateLimit);

/** Takes one request from `counter` for `key`, or answers GoTrue's 429 `over_request_rate_limit`. */
export function takeOrRefuse(counter: WindowCounter, key: string): void {
  if (!counter.take(key)) throw rateLimited();
}

export interface AuthLimiters {
  /** per IP: password sign-ins, sign-ups, recovery, magic links, resends */
  signInSignUps: WindowCounter;
  /** per IP: refresh-token and PKCE exchanges */
  tokenRefresh: WindowCounter;
  /** per IP: link and code verifications */
  verifications: WindowCounter;
  /** per (account, client IP): failed password sign-ins, with growing waits */
  failedSignInsFromAddress: FailureBackoff;
  /** per account, from every IP: failed password sign-ins; past the limit only the account's own addresses may try */
  failedSignIns: WindowCounter;
}
