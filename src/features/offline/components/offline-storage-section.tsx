import { HardDrive } from 'lucide-react';
import { useEffect, useState } from 'react';
import { debounceTime, startWith, switchMap, from } from 'rxjs';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDatabase } from '@/db/hooks/use-database';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import type { FreedSpace } from '@/db/pinning';
import { getStorageUsage, type StorageUsage } from '@/db/storage';
import { isStoragePersistent } from '@/lib/persist-storage';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { toast } from '@/stores/toast-store';
import { STORAGE_ROWS, STORAGE_TEXT } from '../constants';
import { formatBytes } from '../model/format-bytes';

type Props = {
  /** stops replication, removes the local database and restarts the app (owned by the app's data provider) */
  clearDevice: () => Promise<void>;
  /** drops the kept threads opened longest ago from this device (owned by the app's data provider) */
  freeSpace: () => Promise<FreedSpace>;
};

/** Re-measures a second after the store stops changing; counting every collection on each synced row would be wasteful. */
const REMEASURE_AFTER_MS = 1000;

function useStorageUsage(): StorageUsage | null {
  const usage = useLiveQuery<StorageUsage | null>(
    (db) =>
      db.$.pipe(
        debounceTime(REMEASURE_AFTER_MS),
        startWith(null),
        switchMap(() => from(getStorageUsage(db))),
      ),
    [],
    null,
  );
  // A measurement that failed shows no figures rather than stale ones.
  return usage.error ? null : usage.value;
}

/** Whether the browser keeps the storage under pressure (asked again when the usage is measured again). */
function usePersistent(usage: StorageUsage | null): boolean | null {
  const [persistent, setPersistent] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void isStoragePersistent().then((value) => {
      if (live) setPersistent(value);
    });
    return () => {
      live = false;
    };
  }, [usage]);
  return persistent;
}

/** What the browser says this origin uses, or null where it does not say. */
async function usedBytes(): Promise<number | null> {
  if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return null;
  return (await navigator.storage.estimate().catch(() => null))?.usage ?? null;
}

/** The toast after "Free space": what went, and the browser's figure before and after where it gives one. */
function tellFreed(freed: FreedSpace, before: number | null, after: number | null) {
  if (freed.threads === 0) {
    toast({ title: STORAGE_TEXT.nothingToFreeTitle, description: STORAGE_TEXT.nothingToFree });
    return;
  }
  const change = before !== null && after !== null ? ` ${STORAGE_TEXT.usageChange(formatBytes(before), formatBytes(after))}` : '';
  toast({ title: STORAGE_TEXT.freedTitle, description: `${STORAGE_TEXT.freed(freed.posts, freed.threads, formatBytes(freed.bytes))}${change}` });
}

/** Settings: how much this device holds for offline use, whether the browser keeps it, and ways to free space or clear it. */
export function OfflineStorageSection({ clearDevice, freeSpace }: Props) {
  const db = useDatabase();
  const usage = useStorageUsage();
  const persistent = usePersistent(usage);
  const unsent = useConnectivityStore((s) => s.pendingChanges);
  const [clearing, setClearing] = useState(false);
  const [freeing, setFreeing] = useState(false);

  async function free() {
    setFreeing(true);
    try {
      const before = await usedBytes();
      const freed = await freeSpace();
      tellFreed(freed, before, await usedBytes());
    } catch (error) {
      toast({ variant: 'destructive', title: STORAGE_TEXT.title, description: error instanceof Error ? error.message : STORAGE_TEXT.freeFailed });
    } finally {
      setFreeing(false);
    }
  }

  async function clear() {
    setClearing(true);
    try {
      await clearDevice();
    } catch (error) {
      setClearing(false);
      toast({ variant: 'destructive', title: STORAGE_TEXT.title, description: error instanceof Error ? error.message : STORAGE_TEXT.failed });
    }
  }

  return (
    <Card data-testid="offline-storage">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <HardDrive className="size-4" aria-hidden />
          {STORAGE_TEXT.title}
        </CardTitle>
        <CardDescription>{STORAGE_TEXT.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {usage ? (
          <>
            <p data-testid="offline-storage-usage">
              {usage.usageBytes !== null && usage.quotaBytes !== null
                ? STORAGE_TEXT.usage(formatBytes(usage.usageBytes), formatBytes(usage.quotaBytes))
                : STORAGE_TEXT.usageUnknown}
              {' · '}
              {STORAGE_TEXT.items(usage.totalDocuments)}
            </p>
            {persistent !== null ? <p data-testid="offline-storage-persistent">{persistent ? STORAGE_TEXT.persistent : STORAGE_TEXT.notPersistent}</p> : null}
            <dl className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-3">
              {STORAGE_ROWS.map(([name, label]) => (
                <div key={name} className="flex justify-between gap-2" data-testid={`offline-storage-${name}`}>
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="font-medium tabular-nums">{usage.documents[name]}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : (
          <p className="text-muted-foreground" aria-busy="true">
            {STORAGE_TEXT.loading}
          </p>
        )}
        <div className="space-y-2">
          <p id="free-space-hint" className="text-muted-foreground">
            {STORAGE_TEXT.freeSpaceHint}
          </p>
          <Button variant="outline" aria-describedby="free-space-hint" disabled={!db || freeing || clearing} onClick={() => void free()}>
            {freeing ? STORAGE_TEXT.freeingSpace : STORAGE_TEXT.freeSpace}
          </Button>
        </div>
        <ConfirmDialog
          title={STORAGE_TEXT.confirmTitle}
          description={`${STORAGE_TEXT.confirmDescription}${unsent > 0 ? ` ${STORAGE_TEXT.confirmUnsent(unsent)}` : ''}`}
          confirmLabel={STORAGE_TEXT.confirm}
          cancelLabel={STORAGE_TEXT.cancel}
          onConfirm={() => void clear()}
          trigger={
            <Button variant="outline" disabled={!db || clearing}>
              {clearing ? STORAGE_TEXT.clearing : STORAGE_TEXT.clear}
            </Button>
          }
        />
      </CardContent>
    </Card>
  );
}
