/**
 * The launch: how the app's first screen reaches the glass, and when the local store takes over.
 *
 * A visitor's shared link (a thread, the hub, a profile, a blog post, home) on a device whose store never
 * held that screen's rows is served from the server: index.html's inline script (`early-reads.ts`, planned at
 * build time by `src/app/early-read-plan.ts`) starts the screen's PostgREST reads while the JavaScript
 * downloads; the route's loader and the screen take those answers over (`server-first.ts`,
 * `use-server-first-read.ts`, each feature's `model/server-*.ts`) and render them as the store would.
 * Everything else (supabase-js in `lazy-supabase.ts`, RxDB and replication, the service worker, the shell's
 * menus and dialogs in `deferred-*.ts`) waits for this module: the first screen on the glass, then, after a
 * server-read one, a quiet spell or the member's first input and an idle moment. The store then opens
 * (`openStoreWhen` in `src/db/load-database.ts`), replication fills it, and the screen switches to the
 * store's rows once they match, with the same nodes. A member's screen, or a device that already holds the
 * screen, reads the store from the start (a launch snapshot, `launch-snapshot.ts`, paints the hub meanwhile).
 */
import type { ReplicatedCollectionName } from '@/db/collections';
import { hasPulled } from '@/db/first-pull';
import { renderFirstResultsAtOnce } from '@/db/hooks/use-live-query';
import { markOnce } from '@/db/launch-marks';
import { deviceHoldsSession } from '@/lib/device-storage';
import { hasLaunchSnapshot } from './launch-snapshot';
import { FIRST_SCREEN_MARK } from '@/lib/shell-constants';

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

// After the launch, a screen the member navigates to renders its store reads at once.
void firstScreen.then(renderFirstResultsAtOnce);

function markFirstScreenRendered(): void {
  // rAF runs before the next paint; the task it queues runs after that paint.
  requestAnimationFrame(() =>
    setTimeout(() => {
      markOnce(FIRST_SCREEN_MARK);
      resolveFirstScreen();
    }, 0),
  );
}

/**
 * The layout passes its main region: the first screen is there once the
 * matched route put content into it (a lazy route's chunk has arrived and
 * rendered). Router events fire before a suspended lazy route commits, so the
 * DOM is the witness. When the launch screen is local data, a skeleton is not
 * yet the first screen: it is there once nothing in it is busy (aria-busy),
 * so supabase-js, replication and the worker do not compete with the store.
 */
export function watchFirstScreen(main: HTMLElement): () => void {
  // Home's first screen is its static pitch, even when its featured members are read from the server below it.
  const waitsForData = launchReadsStore || (launchReadsServer && location.pathname !== '/');
  const shown = () => main.childElementCount > 0 && !(waitsForData && main.querySelector('[aria-busy="true"]'));
  if (shown()) {
    markFirstScreenRendered();
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    observer.disconnect();
    markFirstScreenRendered();
  });
  observer.observe(main, waitsForData ? { childList: true, subtree: true, attributeFilter: ['aria-busy'] } : { childList: true });
  return () => observer.disconnect();
}

export function afterFirstScreen(): Promise<void> {
  return firstScreen;
}

/**
 * Whether the first paint of the screen the app launches on waits for the
 * local store (the hub, a thread, a profile...). Home is the exception: its
 * first paint is static text, and its JavaScript budget is why the store
 * waits at all. So is a screen launched in its default view with a launch
 * snapshot of what it last showed: it paints that, and the store opens after.
 */
export function launchScreenReadsStore(): boolean {
  if (typeof location === 'undefined' || location.pathname === '/') return false;
  if (launchScreenReadsServer()) return false;
  return !(location.search === '' && hasLaunchSnapshot(location.pathname));
}

/**
 * Screens whose first screen an empty device reads straight from the server (the screens a shared link
 * opens), with the collections whose first pull makes the device no longer empty for them.
 */
export const SERVER_FIRST_SCREENS: { path: RegExp; collections: ReplicatedCollectionName[] }[] = [
  { path: /^\/discussions\/thread\/[^/]+\/?$/, collections: ['discussions', 'posts', 'profiles'] },
  { path: /^\/discussions\/?$/, collections: ['discussions'] },
  { path: /^\/profile\/[^/]+\/?$/, collections: ['profiles', 'user_content'] },
  { path: /^\/blog\/[^/]+\/?$/, collections: ['blog_posts', 'profiles'] },
  // Home's featured members; its counts are always the server's.
  { path: /^\/$/, collections: ['profiles'] },
];

/**
 * Whether the screen at `pathname` reads its first screen from the server: a shared link opened by a visitor
 * on a device whose store has never been filled for it. Waiting for RxDB to load, IndexedDB to open and replication to
 * fill it would cost seconds of a phone's main thread before the first post.
 */
export function screenReadsServerFirst(pathname: string): boolean {
  // A signed-in member is about to act on the page (reply, like, moderate), which needs the store: as before.
  if (deviceHoldsSession()) return false;
  const screen = SERVER_FIRST_SCREENS.find(({ path }) => path.test(pathname));
  return screen !== undefined && !screen.collections.every(hasPulled);
}

/**
 * Query parameters with which a launch screen reads the store. A link to one post scrolls to it once the
 * thread around it has its final height: the store's path, as before.
 */
export const STORE_FIRST_PARAMS = ['post'];

/** Whether the launch screen is read from the server; the store then opens once that screen is painted and idle. */
export function launchScreenReadsServer(): boolean {
  if (typeof location === 'undefined') return false;
  const params = new URLSearchParams(location.search);
  return !STORE_FIRST_PARAMS.some((name) => params.has(name)) && screenReadsServerFirst(location.pathname);
}

const launchReadsStore = launchScreenReadsStore();
const launchReadsServer = launchScreenReadsServer();

/** Longest wait for an idle moment after a server-read first screen before the store opens anyway. */
export const STORE_IDLE_TIMEOUT_MS = 2000;

/**
 * After a server-read first screen, how long the member reads undisturbed before the store, replication and
 * the service worker load (RxDB's chunk alone is seconds of a throttled phone's main thread): this long painted,
 * with no long task and no response arriving (`quietOrFirstInput`). Every second of it is a second later that
 * the device holds the community for offline use (a 20,000-post first sync ended 2 s sooner with 3 s than
 * with 5 s), so it is no longer than the first screen's settling needs; counted from its last long task, a
 * slow phone still settling is not cut short (a fixed 3 s after the first screen let a slow host's first visit
 * of the hub take the sync's tasks in, Lighthouse's TBT 4.7 s against 0.4 s). The member's first tap or key
 * ends the wait at once: acting on the page needs the store.
 */
export const SERVER_FIRST_QUIET_MS = 3000;
/** Longest wait for that quiet, on a page that keeps the main thread busy. */
export const SERVER_FIRST_QUIET_MAX_MS = 12_000;

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: STORE_IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  });
}

/**
 * Resolves once the page has settled for `ms` (at the latest after `maxMs`), or at the member's first tap or
 * key. Settled means painted and quiet, as a phone feels it: counted from the first contentful paint, and
 * started again by every long task on the main thread and every response the page is still receiving (the
 * screen's pictures). A fixed spell from the router's render was not enough: on a slow host the paint itself
 * came a second after the render and the pictures after that, so the store's tasks landed while the page was
 * still loading (Lighthouse's trace of a thread, TBT 3.0 s against 0.4-0.9 s). A browser without these
 * timings (Safari has no long-task timing) counts what it has, and at least waits `ms`.
 */
export function quietOrFirstInput(ms: number, maxMs: number = SERVER_FIRST_QUIET_MAX_MS): Promise<void> {
  return new Promise((resolve) => {
    const events = ['pointerdown', 'keydown'] as const;
    const supported = typeof PerformanceObserver === 'undefined' ? [] : (PerformanceObserver.supportedEntryTypes ?? []);
    const watched = (['longtask', 'resource', 'paint'] as const).filter((type) => supported.includes(type));
    let painted = !watched.includes('paint') || performance.getEntriesByName('first-contentful-paint').length > 0;
    let timer = painted ? setTimeout(done, ms) : undefined;
    const cap = setTimeout(done, maxMs);
    let observer: PerformanceObserver | undefined;
    if (watched.length > 0) {
      observer = new PerformanceObserver((list) => {
        if (!painted && !list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
        painted = true;
        clearTimeout(timer);
        timer = setTimeout(done, ms);
      });
      for (const type of watched) observer.observe({ type });
    }
    function done() {
      clearTimeout(timer);
      clearTimeout(cap);
      observer?.disconnect();
      for (const type of events) window.removeEventListener(type, done, true);
      resolve();
    }
    for (const type of events) window.addEventListener(type, done, { capture: true, passive: true });
  });
}

let backgroundWork: Promise<void> | null = null;

let resolveStoreNeeded: () => void = () => undefined;
const storeNeeded = new Promise<void>((resolve) => {
  resolveStoreNeeded = resolve;
});

/**
 * The server-first read of the launch screen failed (offline, refused): only the store can show the screen
 * now, so it opens at once instead of after the first screen and the quiet spell.
 */
export function storeNeededNow(): void {
  resolveStoreNeeded();
}

/**
 * When the launch's background work (the store, replication, the service worker) may start: after the
 * first screen; after a server-read one, also after a quiet spell (or the member's first input) and an idle moment.
 */
export function whenBackgroundWorkMayStart(): Promise<void> {
  backgroundWork ??= launchReadsServer
    ? Promise.race([firstScreen.then(() => quietOrFirstInput(SERVER_FIRST_QUIET_MS)).then(whenIdle), storeNeeded])
    : firstScreen;
  return backgroundWork;
}

/**
 * When to start opening the local store: at once when the launch screen reads
 * it (the data is the first screen, so IndexedDB opens while React renders),
 * otherwise with the rest of the background work.
 */
export function whenStoreIsWanted(): Promise<void> {
  return launchReadsStore ? Promise.resolve() : whenBackgroundWorkMayStart();
}
