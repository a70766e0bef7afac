import { createRouter } from '@tanstack/react-router';
import { routeTree } from '@/routeTree.gen';
import { RouteError } from './render-error';
import type { RouterContext } from './router-context';

export function createAppRouter() {
  return createRouter({
    routeTree,
    // Filled in by <App> from the auth context before the first render.
    context: { auth: { loading: true, user: null } } satisfies RouterContext,
    defaultPreload: 'intent',
    // A screen that throws is replaced by a message with a reload, inside the layout.
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  });
}

export const router = createAppRouter();

/**
 * Starts fetching the launch location's route chunks now, while the entry
 * evaluates and React renders the shell, instead of when the router loads
 * after React's first commit (about 150 ms later on a 4x-throttled cold
 * start). The router joins these imports; a failed one it tries again itself.
 */
export function preloadLaunchRoute(pathname: string): void {
  const [routes] = router.getMatchedRoutes(pathname);
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined);
}

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
