/**
 * Background work (replication, its pull pipeline) gives the main thread back
 * to the page: it starts in an idle moment and yields between slices, so a
 * tap or a scroll during a long first sync is answered at once.
 */

/** Longest wait for an idle moment before background work starts anyway (a page that is never idle). */
export const IDLE_START_TIMEOUT_MS = 2000;

/** Resolves in the browser's next idle period, or after `timeoutMs` when none comes; at once outside a browser. */
export function whenIdle(timeoutMs = IDLE_START_TIMEOUT_MS): Promise<void> {
  if (typeof requestIdleCallback !== 'function') return Promise.resolve();
  return new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: timeoutMs }));
}

interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task and continues in a new one, after anything the
 * browser queued meanwhile (input, rendering). scheduler.yield() keeps this
 * work ahead of other queued tasks; a zero timeout is the fallback.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
