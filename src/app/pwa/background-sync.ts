/**
 * Background Sync, the page's half: while writes wait and the page cannot send them (no connection) or is going
 * away (hidden, closed), it registers a sync tag, and the service worker sends them when the connection is back,
 * even with every page closed. Where SyncManager is missing (Firefox, Safari) nothing is registered and the app
 * sends on open, on `online` and on becoming visible, as it always did. On open, the member is told what the
 * worker sent or what the server refused while the app was closed.
 */
import { Subscription, type Observable } from 'rxjs';
import { showRefusal, ToldRefusals } from '@/app/data/rejection-notice';
import { periodicRefreshEnabled, type PeriodicRefreshOutcome } from '@/lib/periodic-refresh-setting';
import { withSendLock } from '@/db/send-lock';
import { BOOKKEEPING_COLLECTIONS } from '@/db/sync-status';
import { takeUntoldOutcomes, type BackgroundOutcome } from '@/lib/worker-store';
import { toast } from '@/stores/toast-store';
import { BACKGROUND_OUTCOMES_CHANNEL, BACKGROUND_SYNC_TEXT, OUTBOX_SYNC_TAG, PERIODIC_REFRESH_MIN_INTERVAL_MS, PERIODIC_REFRESH_TAG } from './constants';

type SyncRegistration = ServiceWorkerRegistration & {
  sync?: { register(tag: string): Promise<void> };
  periodicSync?: { register(tag: string, options: { minInterval: number }): Promise<void>; unregister(tag: string): Promise<void> };
};

/** Whether the member asked the browser to save data (Chromium's Data Saver, "Lite mode"). */
function savesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/**
 * Periodic Background Sync where the browser offers it (an installed app in Chromium, once it grants the permission):
 * the worker then sends what waits, brings kept threads, notifications and the blog up to date on the device and
 * updates the icon's count between opens. With Data Saver on, or the member's setting off, it is given up.
 * Elsewhere nothing is registered; the app refreshes on open as it always did.
 */
export async function registerPeriodicRefresh(): Promise<PeriodicRefreshOutcome> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !navigator.permissions) return 'unsupported';
  const registration = (await navigator.serviceWorker.getRegistration().catch(() => undefined)) as SyncRegistration | undefined;
  if (!registration?.active || !registration.periodicSync) return 'unsupported';
  // Not every browser knows this permission's name: asking about it then throws.
  const permission = await navigator.permissions.query({ name: 'periodic-background-sync' as PermissionName }).catch(() => null);
  if (permission?.state !== 'granted' || savesData() || !periodicRefreshEnabled()) {
    await registration.periodicSync.unregister(PERIODIC_REFRESH_TAG).catch(() => undefined);
    return 'unregistered';
  }
  return registration.periodicSync.register(PERIODIC_REFRESH_TAG, { minInterval: PERIODIC_REFRESH_MIN_INTERVAL_MS }).then(
    () => 'registered' as const,
    () => 'unsupported' as const,
  );
}

/** Asks the worker to send the outbox once there is a connection; false where Background Sync is missing. */
export async function registerOutboxSync(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  const registration = (await navigator.serviceWorker.getRegistration().catch(() => undefined)) as SyncRegistration | undefined;
  if (!registration?.active || !registration.sync) return false;
  return registration.sync.register(OUTBOX_SYNC_TAG).then(
    () => true,
    () => false,
  );
}

/**
 * Registers the tag whenever writes wait while offline, and when the page is hidden or closed with writes waiting.
 * Online and visible, the page's own replication sends them; asking the worker too would only wake it for nothing.
 */
export function watchWaitingWrites(waiting$: Observable<number>): Subscription {
  let waiting = 0;
  const ask = () => {
    if (waiting > 0) void registerOutboxSync();
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') ask();
  };
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', ask);
  window.addEventListener('offline', ask);
  const subscription = waiting$.subscribe((count) => {
    waiting = count;
    if (!navigator.onLine) ask();
  });
  subscription.add(() => {
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', ask);
    window.removeEventListener('offline', ask);
  });
  return subscription;
}

/**
 * Tells the member, once, what the worker sent and what the server refused while the app was closed. Read under
 * the lock the worker sends under: a worker still sending as the app opens has kept the refused text as a draft
 * (dated before this page started, so the page's own notice passes over it) but not yet logged the outcome, and
 * reading before it logs would leave the refusal untold. Read points the worker sent are the app's bookkeeping,
 * not changes the member made: they are not counted. A refusal this page told of already (its own notice of new
 * drafts may have met the worker's draft first) is not told again.
 */
export async function tellBackgroundOutcomes(openDrafts: () => void, told = new ToldRefusals()): Promise<BackgroundOutcome[]> {
  const taken = await withSendLock(() => takeUntoldOutcomes()).catch(() => [] as BackgroundOutcome[]);
  const outcomes = taken.filter((o) => !BOOKKEEPING_COLLECTIONS.includes(o.collection));
  const sent = outcomes.filter((o) => o.outcome === 'sent');
  // The draft a refusal left is `<outcome>:<collection>:<id>`, and the outcome's id is `<collection>:<id>`.
  const refused = told.take(
    outcomes.filter((o) => o.outcome !== 'sent'),
    (o) => `${o.outcome}:${o.id}`,
  );
  if (sent.length > 0) toast({ title: BACKGROUND_SYNC_TEXT.sentTitle, description: BACKGROUND_SYNC_TEXT.sentDescription(sent.length) });
  if (refused.length > 0) showRefusal(refused[0].reason ?? '', openDrafts);
  return outcomes;
}

/**
 * Tells the worker's outcomes as the data runtime starts, and again whenever the worker says it logged more: a
 * page opened while the worker was sending (the worker checked for open pages before it) is told then.
 */
export function watchBackgroundOutcomes(openDrafts: () => void, told: ToldRefusals): Subscription {
  void tellBackgroundOutcomes(openDrafts, told);
  if (typeof BroadcastChannel === 'undefined') return new Subscription();
  const channel = new BroadcastChannel(BACKGROUND_OUTCOMES_CHANNEL);
  channel.onmessage = () => void tellBackgroundOutcomes(openDrafts, told);
  return new Subscription(() => channel.close());
}
