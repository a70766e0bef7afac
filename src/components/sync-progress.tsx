import { useEffect, useState } from 'react';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import type { SyncHandle } from '@/db/replication/sync';
import { markOfflineReady, syncProgress$, wasOfflineReady, type SyncProgress as Progress } from '@/db/sync-progress';
import { formatCount } from '@/lib/utils';

/** How long "Ready to use offline" stays up once everything is on the device. */
export const READY_NOTICE_MS = 6000;

export const SYNC_PROGRESS_TEXT = {
  saving: 'Saving the community to this device for offline use…',
  savingApp: 'Saving the app itself for offline use…',
  noWorker: 'This browser cannot keep the app for offline use.',
  ready: 'Ready to use offline.',
  stored: (n: number) => `${formatCount(n)} ${n === 1 ? 'item' : 'items'} on this device`,
} as const;

function phaseText(progress: Progress): string {
  if (!progress.storeReady) return SYNC_PROGRESS_TEXT.saving;
  if (progress.appFilesReady === null) return SYNC_PROGRESS_TEXT.noWorker;
  return progress.appFilesReady ? SYNC_PROGRESS_TEXT.ready : SYNC_PROGRESS_TEXT.savingApp;
}

/**
 * A device's first sync, shown: how much is already stored, and when the app
 * is ready to work offline (the kept threads stored and the service worker's
 * precache done). Shown once per device; it never takes a tap from the page.
 */
export function SyncProgress({ sync }: { sync: SyncHandle | null }) {
  const [shown] = useState(() => !wasOfflineReady());
  const [dismissed, setDismissed] = useState(false);
  const progress = useLiveQuery((db) => (shown && sync ? syncProgress$(db, sync) : null), [shown, sync], null as Progress | null).value;
  const ready = progress?.storeReady === true && progress.appFilesReady !== false;

  useEffect(() => {
    if (!ready) return;
    markOfflineReady();
    const timer = setTimeout(() => setDismissed(true), READY_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [ready]);

  if (!shown || dismissed || !progress) return null;
  return (
    <div
      data-testid="sync-progress"
      className="pointer-events-none fixed inset-x-2 bottom-2 z-40 mx-auto max-w-sm rounded-md border bg-background/95 px-3 py-2 text-sm shadow-md sm:left-auto sm:right-4"
    >
      {/* Two lines kept for the phase whatever its length: the box is anchored at the bottom, so a shorter text would move its top. */}
      <p role="status" className="min-h-10 font-medium">
        {phaseText(progress)}
      </p>
      <p className="text-muted-foreground">{SYNC_PROGRESS_TEXT.stored(progress.documents)}</p>
    </div>
  );
}
