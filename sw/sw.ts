/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { isBackendApiPath } from './api-paths';
import { withLaunchMarkup } from './launch-markup';
import './push';
import './share-target';
import './background-sync';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const IMAGE_CACHE = 'djcircle-images';
const IMAGE_MAX_ENTRIES = 200;
const IMAGE_MAX_AGE_S = 30 * 24 * 60 * 60;

// The page asks for this when the member accepts the "new version" prompt; until then the old worker keeps serving.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

cleanupOutdatedCaches();
// The shell and every route chunk, so the app starts and navigates with no network.
precacheAndRoute(self.__WB_MANIFEST);

// Any in-app URL opens the precached shell; the router takes it from there. Backend paths never do. A screen
// whose last look is kept (the hub) comes with it inside, so it paints before the app's JavaScript runs.
const shell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(
    async (options) => {
      // Read first: the precache's handler points the options at /index.html.
      const url = new URL(options.request.url);
      return withLaunchMarkup(await shell(options), url);
    },
    {
      denylist: [/^\/(rest|auth|realtime|storage|functions|graphql)\/v1(\/|$)/],
    },
  ),
);

// Avatars, banners and covers: kept for a month, at most IMAGE_MAX_ENTRIES. Data calls are never cached here;
// RxDB is the data cache, and a stale API answer would fight replication.
registerRoute(
  ({ request, url }) => request.destination === 'image' && !isBackendApiPath(url.pathname),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [
      // Status 0 covers images from other origins (generated avatars) fetched without CORS.
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: IMAGE_MAX_ENTRIES, maxAgeSeconds: IMAGE_MAX_AGE_S, purgeOnQuotaError: true }),
    ],
  }),
);

// A first install takes control at once so the very first visit already works offline after it.
clientsClaim();
