/**
 * The least a page of this stack can run before its first screen: React and the router the app uses, one route,
 * one heading (the first-visit bench's floor, built and measured beside the app in the same rounds).
 */
import { createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';

const rootRoute = createRootRoute();
const heading = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <h1>Deep techno at the warehouse</h1> });
const router = createRouter({ routeTree: rootRoute.addChildren([heading]) });

createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
