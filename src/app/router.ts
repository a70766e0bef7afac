import { createRouter } from '@tanstack/react-router';
import { routeTree } from '@/routeTree.gen';
import type { RouterContext } from './router-context';

export function createAppRouter() {
  return createRouter({
    routeTree,
    // Filled in by <App> from the auth context before the first render.
    context: { auth: { loading: true, user: null } } satisfies RouterContext,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

export const router = createAppRouter();

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
