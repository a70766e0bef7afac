import { lazy, Suspense } from 'react';
import type { SyncHandle } from '@/db/replication/sync';

// Loaded once replication runs, so the first screen's JavaScript carries none of it.
const SyncProgress = lazy(() => import('./sync-progress').then((m) => ({ default: m.SyncProgress })));

/** The first-sync progress, for the app shell to mount once. */
export function SyncProgressSlot({ sync }: { sync: SyncHandle | null }) {
  if (!sync) return null;
  return (
    <Suspense fallback={null}>
      <SyncProgress sync={sync} />
    </Suspense>
  );
}
