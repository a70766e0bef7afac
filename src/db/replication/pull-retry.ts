/**
 * The wait after a failed pull, cut short when the server is known to answer again.
 *
 * RxDB waits its retry time after a failed pull and ignores any resync asked for meanwhile; it wakes
 * early only when the failure happened while the browser said it was offline. A pull that failed
 * while `navigator.onLine` was still true (the request was cut as the network went, or the network
 * came back before the server could be reached) therefore held a page's table for the whole wait,
 * even after its realtime topics had rejoined. This gate keeps the same wait between attempts but
 * lets a proof that the server answers (a topic joined) start the next attempt at once.
 */

/** How often RxDB looks again after a failed pull; the real wait is the gate's. */
export const PULL_RETRY_POLL_MS = 50;
export const PULL_RETRY_MS = 5_000;

export interface PullRetryGate {
  /**
   * resolves when the next attempt may start (at once, unless the last one failed less than the retry time
   * ago) with the attempt's ticket, to hand to `failed`
   */
  ready(): Promise<number>;
  failed(ticket: number): void;
  succeeded(): void;
  /** the server answers again: the next attempt starts now */
  retryNow(): void;
}

export function createPullRetryGate(retryMs: number = PULL_RETRY_MS, now: () => number = Date.now): PullRetryGate {
  let failedAt: number | null = null;
  /** counts the times the server was known to answer again; an attempt's ticket is the count when it started */
  let answers = 0;
  let wake: (() => void) | null = null;
  return {
    ready() {
      const left = failedAt === null ? 0 : failedAt + retryMs - now();
      if (left <= 0) return Promise.resolve(answers);
      return new Promise<number>((resolve) => {
        const timer = setTimeout(done, left);
        // as RxDB did for a failure while offline: the browser saying the network is back ends the wait too
        const online = () => done();
        if (typeof window !== 'undefined') window.addEventListener('online', online);
        function done() {
          clearTimeout(timer);
          if (typeof window !== 'undefined') window.removeEventListener('online', online);
          wake = null;
          resolve(answers);
        }
        wake = done;
      });
    },
    failed(ticket) {
      // An attempt sent before the server was known to answer (the network was still coming back) says
      // nothing about the server now: the next attempt starts at once, or a rejoin's pull waited the whole retry time.
      if (ticket < answers) return;
      failedAt = now();
    },
    succeeded() {
      failedAt = null;
    },
    retryNow() {
      answers += 1;
      failedAt = null;
      wake?.();
    },
  };
}

/** A replication handler that waits for the gate before each attempt and tells it how the attempt went. */
export function gated<A extends unknown[], R>(gate: PullRetryGate, handler: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A) => {
    const ticket = await gate.ready();
    try {
      const result = await handler(...args);
      gate.succeeded();
      return result;
    } catch (err) {
      gate.failed(ticket);
      throw err;
    }
  };
}
