/**
 * "The first screen is on the glass": resolved once the router has rendered
 * its first location and the browser has painted it. Work the first screen
 * does not need (supabase-js, RxDB, replication, the service worker) waits
 * for it, so that JavaScript is neither downloaded nor parsed before the
 * member can read the page.
 */
let resolveFirstScreen: () => void = () => undefined;
const firstScreen = new Promise<void>((resolve) => {
  resolveFirstScreen = resolve;
});

/** Upper bound on the wait, should the router never report a render (a crash before it, a test without a router). */
export const FIRST_SCREEN_FALLBACK_MS = 3000;

if (typeof window === 'undefined' || typeof requestAnimationFrame === 'undefined') resolveFirstScreen();
else setTimeout(resolveFirstScreen, FIRST_SCREEN_FALLBACK_MS);

function markFirstScreenRendered(): void {
  // rAF runs before the next paint; the task it queues runs after that paint.
  requestAnimationFrame(() => setTimeout(resolveFirstScreen, 0));
}

/**
 * The layout passes its main region: the first screen is there once the
 * matched route put content into it (a lazy route's chunk has arrived and
 * rendered). Router events fire before a suspended lazy route commits, so the
 * DOM is the witness.
 */
export function watchFirstScreen(main: HTMLElement): () => void {
  if (main.childElementCount > 0) {
    markFirstScreenRendered();
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    if (main.childElementCount === 0) return;
    observer.disconnect();
    markFirstScreenRendered();
  });
  observer.observe(main, { childList: true });
  return () => observer.disconnect();
}

export function afterFirstScreen(): Promise<void> {
  return firstScreen;
}
