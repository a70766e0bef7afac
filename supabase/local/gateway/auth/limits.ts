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
  /** per address: failed password sign-ins */
  failedSignIns: WindowCounter;
}
