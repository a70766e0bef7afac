import { createRouter } from '@tanstack/react-router';
import { serverReadsInFlight } from '@/launch/server-first';
import { deviceHoldsSession } from '@/lib/device-storage';
import { routeTree } from '@/routeTree.gen';
import type { GuardAuth } from './guards';
import { RouteError } from './render-error';
import { restoresScroll } from './reload-in-place';
import type { RouterContext } from './router-context';

export function createAppRouter() {
  return createRouter({
    routeTree,
    // What the auth provider starts with, so the launch loads with it; <App> passes the auth context from then on.
    context: { auth: authAtLaunch() } satisfies RouterContext,
    defaultPreload: 'intent',
    // A screen that throws is replaced by a message with a reload, inside the layout.
    defaultErrorComponent: RouteError,
    // Every navigation restores or resets the scroll; loading the same page again in place does not.
    scrollRestoration: restoresScroll,
  });
}

type AppRouter = ReturnType<typeof createAppRouter>;
let appRouter: AppRouter | undefined;

/**
 * The app's router, made on first use rather than when this module loads: building it (the route tree's
 * matching structures) was about a quarter of the entry's evaluation, one task before the first screen.
 * The entry makes it in a task of its own.
 */
export function getRouter(): AppRouter {
  appRouter ??= createAppRouter();
  return appRouter;
}

/**
 * Starts fetching the launch location's route chunks right after the entry
 * has evaluated, instead of once the router has matched and run the guards of
 * the launch location. The router joins these imports; a failed one it tries
 * again itself.
 */
export function preloadLaunchRoute(pathname: string): void {
  const router = getRouter();
  const [routes] = router.getMatchedRoutes(pathname);
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined);
}

/** What the auth provider starts with: a device without a session is a visitor's at once, one with a session waits for it. */
export function authAtLaunch(): GuardAuth {
  return { loading: deviceHoldsSession(), user: null };
}

/** Longest wait for the launch location's route before React renders anyway (a chunk that never arrives). */
export const LAUNCH_ROUTE_WAIT_MS = 3000;

/**
 * Loads the launch location's matches (guards, route chunks; loaders start their reads and return) before React's
 * first render, so that render holds the route and runs as one transition React builds in slices. Mounted without
 * them, the router commits the route from a store subscription in its mount effect, a render React never slices:
 * most of a second of a throttled phone's main thread in one task on a thread page. The router, finding its
 * location already resolved when it mounts, does not load it again.
 * A shared link's server read, which the page started before the app's code arrived, has usually answered by
 * then; the first render waits for it too, so the first paint is the screen itself. Painting the layout around an
 * empty screen first, then the screen, cost a second commit and layout: on a thread, work that came after the first
 * paint and counted as blocking time, for a first paint of nothing more than the header.
 */
export function loadLaunchRoute(): Promise<void> {
  return Promise.race([
    getRouter()
      .load()
      .catch(() => undefined)
      .then(serverReadsInFlight),
    new Promise<void>((resolve) => setTimeout(resolve, LAUNCH_ROUTE_WAIT_MS)),
  ]);
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
