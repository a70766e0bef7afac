/// <reference lib="webworker" />
/**
 * Background Sync, the worker's half: when the tag the page registered fires (the connection is back, maybe with
 * every page closed), it sends what waits in the outbox with the member's session, under the lock the page's push
 * takes too, and records each outcome where the app reads it. Writes still waiting make the event fail, so the
 * browser fires it again later; on its last chance they stay queued for the app's next open. Periodic Background
 * Sync (an installed app in Chromium, while the member's setting is on) sends what waits too, brings the kept
 * threads, the notifications and the blog up to date in the device's store, and updates the icon's count.
 */
import { supabaseTable } from '../src/db/replication/remote-table';
import { withSendLock } from '../src/db/send-lock';
import { BACKGROUND_OUTCOMES_CHANNEL, OUTBOX_SYNC_TAG, PERIODIC_REFRESH_TAG } from '../src/app/pwa/constants';
import { logBackgroundOutcome } from '../src/lib/worker-store';
import { showAppBadge, unreadCount } from './badge';
import { memberApi, memberId } from './member-api';
import { openOutboxQueue } from './outbox-queue';
import { sendQueued, type SendQueuedResult } from './outbox-sender';
import { refreshStore } from './store-refresh';

declare const self: ServiceWorkerGlobalScope;

/** The Background Sync and Periodic Background Sync events (not in TypeScript's worker types yet). */
type SyncEvent = ExtendableEvent & { tag: string; lastChance?: boolean };

async function appIsOpen(): Promise<boolean> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return windows.some((client) => new URL(client.url).origin === self.location.origin);
}

/** Sends the member's waiting writes; null when nobody is signed in on this device. */
export function sendOutbox(): Promise<SendQueuedResult | null> {
  return withSendLock(async () => {
    // Refreshes an expired token first, under the lock the page's refresh takes too. A refresh that failed (no
    // connection yet) is worth another try; no session at all means nobody is signed in here.
    const { data, error } = await memberApi().auth.getSession();
    if (error) throw error;
    const userId = data.session?.user.id;
    if (!userId) return null;
    const queue = await openOutboxQueue();
    try {
      return await sendQueued({
        queue,
        userId,
        remoteFor: (spec) => supabaseTable(memberApi(), spec.table, spec.readColumns),
        log: logBackgroundOutcome,
      });
    } finally {
      await queue.close();
      // A page that opened while this ran has its notice of what was logged now rather than at its next open.
      const channel = new BroadcastChannel(BACKGROUND_OUTCOMES_CHANNEL);
      channel.postMessage('logged');
      channel.close();
    }
  });
}

async function onSync(lastChance: boolean): Promise<void> {
  // An open page sends its own queue when the connection is back and tells the member of each outcome as it
  // happens; what the worker records does not reach that page's store until it opens again, so a refusal sent
  // from here would go untold. Background Sync is for the app closed.
  if (await appIsOpen()) return;
  const result = await sendOutbox();
  if (result && result.left > 0 && !lastChance) throw new Error(`${result.left} writes still waiting; the browser retries later`);
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(onSync(sync.lastChance === true));
});

/** Data Saver on since the page registered: the refresh is skipped. */
function savesData(): boolean {
  return (self.navigator as WorkerNavigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/**
 * Between opens: what still waits goes out, what changed on the server reaches the device's store (so the next
 * open shows it with no signal), and the icon's count follows the server's. An open app keeps itself fresh, and
 * the worker must not write beside its replication.
 */
async function refresh(): Promise<void> {
  if (savesData() || (await appIsOpen())) return;
  await sendOutbox().catch(() => null);
  const userId = await memberId().catch(() => null);
  if (userId) {
    await withSendLock(() => refreshStore({ userId, remoteFor: (spec) => supabaseTable(memberApi(), spec.table, spec.readColumns) })).catch((error: unknown) =>
      console.warn('The background refresh failed; the app refreshes on its next open.', error),
    );
  }
  await showAppBadge(await unreadCount());
}

self.addEventListener('periodicsync', (event) => {
  const periodic = event as SyncEvent;
  if (periodic.tag === PERIODIC_REFRESH_TAG) periodic.waitUntil(refresh());
});
