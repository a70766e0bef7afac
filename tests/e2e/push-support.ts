import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import { OUTBOX_SYNC_TAG, PERIODIC_REFRESH_TAG } from '../../src/app/pwa/constants';

/** The page's service worker, active and controlling the page. */
export async function readyWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
}

/** The app's service worker registration, as the DevTools protocol names it once its events are on. */
async function registrationIdOf(cdp: CDPSession, origin: string): Promise<string> {
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return registrationId;
}

/** DevTools protocol: the registration id push messages are delivered to. */
export async function pushChannel(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; deliver: (data: unknown) => Promise<unknown> }> {
  const cdp = await context.newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const id = await registrationIdOf(cdp, origin);
  return {
    cdp,
    deliver: (data) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: typeof data === 'string' ? data : JSON.stringify(data) }),
  };
}

export async function appWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

/**
 * Headless Chromium has no notification surface to click, so the click (or one of its buttons, with the inline
 * reply's text) is dispatched inside the worker as the browser would; waitUntil is collected by hand because
 * script-made events refuse it.
 */
export async function clickNotification(context: BrowserContext, tag: string, action = '', reply: string | null = null): Promise<void> {
  const worker = await appWorker(context);
  await worker.evaluate(
    async ({ wantedTag, action, reply }) => {
      // This runs in the worker, whose types this file (DOM lib) does not have.
      const sw = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
      const NotificationEvent = (
        globalThis as unknown as { NotificationEvent: new (type: string, init: { notification: Notification; action: string; reply: string | null }) => Event }
      ).NotificationEvent;
      const [notification] = await sw.registration.getNotifications({ tag: wantedTag });
      if (!notification) throw new Error(`no notification with tag ${wantedTag}`);
      const pending: Promise<unknown>[] = [];
      const event = new NotificationEvent('notificationclick', { notification, action, reply });
      Object.defineProperty(event, 'waitUntil', { value: (p: Promise<unknown>) => pending.push(p) });
      sw.dispatchEvent(event);
      await Promise.all(pending);
    },
    { wantedTag: tag, action, reply },
  );
}

/**
 * What the browser does when the connection is back: fires the worker's `sync` event, through the DevTools protocol;
 * and pushes. The session is attached to a blank tab, so no page of the app needs to be open.
 */
export async function syncChannel(context: BrowserContext, origin: string) {
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const id = await registrationIdOf(cdp, origin);
  return {
    fire: () => cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: id, tag: OUTBOX_SYNC_TAG, lastChance: false }),
    /** the browser's periodic refresh of an installed app */
    refresh: () => cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', { origin, registrationId: id, tag: PERIODIC_REFRESH_TAG }),
    /** a push, with no page of the app open */
    deliver: (data: unknown) => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify(data) }),
  };
}
