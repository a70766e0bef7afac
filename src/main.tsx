import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { AppErrorBoundary } from './app/render-error';
import { registerServiceWorker } from './app/pwa/register-service-worker';
import { linkWebAppManifest } from './app/pwa/web-app-manifest';
import { loadLaunchRoute, preloadLaunchRoute } from './app/router';
import { yieldToMain } from './db/idle';
import { loadDatabase, openStoreWhen } from './db/load-database';
import { launchScreenReadsStore, whenBackgroundWorkMayStart, whenStoreIsWanted } from './launch/first-screen';
import { warmUpClassMerging } from './lib/utils';
import './styles.css';

// The launch decides when the store opens; every reader of the store waits for it.
openStoreWhen(whenStoreIsWanted);

// A launch screen made of local data (the hub, a thread) needs IndexedDB open before it can show anything:
// start fetching RxDB and opening the store now, alongside React's first render; the provider joins this open.
if (launchScreenReadsStore()) void loadDatabase().catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The entry's evaluation is one task; the router is made, and starts fetching the launch route's chunks, in
// the next (a shared link's page asked for them already); tailwind-merge builds its class map in the one
// after, and the router loads the launch route in the next.
// React's first render, with that route, starts once it is loaded, as a transition: React then builds the
// whole first screen in slices of a few milliseconds and lets the browser in between (a first render outside
// a transition is one uninterrupted task, most of a second of a throttled phone's main thread).
void yieldToMain()
  .then(() => preloadLaunchRoute(location.pathname))
  .then(yieldToMain)
  .then(warmUpClassMerging)
  .then(yieldToMain)
  .then(loadLaunchRoute)
  .then(() =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <AppErrorBoundary>
            <App />
          </AppErrorBoundary>
        </StrictMode>,
      ),
    ),
  );

// After the first screen (and the quiet spell of a server-read one), so installing the worker and its
// precache, and fetching the manifest and its icons, never compete with it for bandwidth or the main thread.
void whenBackgroundWorkMayStart().then(() => {
  linkWebAppManifest();
  return registerServiceWorker();
});
