import { lazy, Suspense } from 'react';
import type { SyncHandle } from '@/db/replication/sync';
import { importWhenOnline } from '@/lib/import-when-online';

// Loaded once replication runs, so the first screen's JavaScript carries none of it. Before the service worker
// holds the app, the chunk may be asked for offline: it then waits for the connection instead of failing the page.
const SyncProgress = lazy(() => importWhenOnline(() => import('./sync-progress')).then((m) => ({ default: m.SyncProgress })));

/** The first-sync progress, for the app shell to mount once. */
export function SyncProgressSlot({ sync }: { sync: SyncHandle | null }) {
  if (!sync) return null;
  return (
    <Suspense fallback={null}>
      <SyncProgress sync={sync} />
    </Suspense>
  );
}
