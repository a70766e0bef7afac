/// <reference lib="webworker" />
/**
 * Web push: shows the notification send-push encrypted for this device, unless the member is
 * already looking at that thread, and on click brings them to it.
 */
declare const self: ServiceWorkerGlobalScope;

import type { PushPayload } from '../supabase/functions/_shared/app-contract';
import { NOTIFICATION_ACTIONS, threadIdOfTag } from '../src/lib/notification-actions';
import { showAppBadge, unreadCount } from './badge';
import { replyInline } from './inline-reply';
import { markThreadRead, replyUrl } from './notification-actions';

/** What is shown: a push from elsewhere (or unreadable) may lack the tag, and then replaces nothing. */
type ShownPush = Omit<PushPayload, 'tag'> & { tag?: string };

const ICON = '/icons/icon-192.png';
const BADGE = '/icons/icon-192.png';
const FALLBACK: ShownPush = { title: 'DJCircle', body: 'You have a new notification.', url: '/notifications' };

export function parsePushPayload(data: PushMessageData | null): ShownPush {
  if (!data) return FALLBACK;
  try {
    const parsed = data.json() as Partial<PushPayload>;
    return { ...FALLBACK, ...parsed, title: parsed.title || FALLBACK.title };
  } catch {
    return { ...FALLBACK, body: data.text() };
  }
}

/** An in-app URL as an absolute URL on this origin; anything pointing elsewhere falls back to home. */
function appUrl(url: string | undefined): URL {
  const target = new URL(url ?? '/', self.location.origin);
  return target.origin === self.location.origin ? target : new URL('/', self.location.origin);
}

async function appWindows(): Promise<WindowClient[]> {
  const all = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return all.filter((client) => new URL(client.url).origin === self.location.origin);
}

const samePage = (client: WindowClient, target: URL) => new URL(client.url).pathname === target.pathname;

/** Reply and mark-as-read on a thread's notification; `type: 'text'` gives an inline field where the browser has one. */
function threadActions(tag: string | undefined) {
  if (!threadIdOfTag(tag)) return [];
  return [
    { action: NOTIFICATION_ACTIONS.reply, title: NOTIFICATION_ACTIONS.replyTitle, type: 'text', placeholder: NOTIFICATION_ACTIONS.replyPlaceholder },
    { action: NOTIFICATION_ACTIONS.markRead, title: NOTIFICATION_ACTIONS.markReadTitle },
  ];
}

async function showPush(payload: ShownPush): Promise<void> {
  // The icon's count follows every push, also one not shown because the member is looking at the thread;
  // asked alongside, so the notification does not wait for the server's answer.
  const badge = unreadCount().then(showAppBadge);
  await showNotificationUnlessWatching(payload);
  await badge;
}

async function showNotificationUnlessWatching(payload: ShownPush): Promise<void> {
  const target = appUrl(payload.url);
  const watching = (await appWindows()).find((client) => client.focused && client.visibilityState === 'visible' && samePage(client, target));
  // The reply is arriving on screen through replication; a system notification would only interrupt.
  if (watching) return;
  await self.registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag,
    // A newer push on the same thread replaces the older one and alerts again.
    renotify: Boolean(payload.tag),
    icon: ICON,
    badge: BADGE,
    data: { url: target.pathname + target.search },
    actions: threadActions(payload.tag),
  } as NotificationOptions);
}

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(parsePushPayload(event.data)));
});

/**
 * A window already on the thread is focused (and moved to the post); otherwise any window of the
 * app is taken there; otherwise a new one opens.
 */
export async function focusOrOpen(url: string): Promise<void> {
  const target = appUrl(url);
  const windows = await appWindows();
  const existing = windows.find((client) => samePage(client, target)) ?? windows[0];
  if (existing) {
    // focus() may be refused (no user activation); moving the window there is what matters.
    await existing.focus().catch(() => undefined);
    if (existing.url === target.href) return;
    const moved = await existing.navigate(target.href).catch(() => null);
    if (moved) return;
  }
  await self.clients.openWindow(target.href);
}

/** Marking read needs a connection and a session; without them the member is taken to the thread instead. */
async function markReadOrOpen(tag: string, url: string): Promise<void> {
  const done = await markThreadRead(tag).catch(() => false);
  if (!done) await focusOrOpen(url);
}

/** An inline reply is queued and sent from here; without text (or a member, or a thread) the editor opens. */
async function replyOrOpen(tag: string, url: string, text: string): Promise<void> {
  const queued = await replyInline(tag, url, text).catch(() => false);
  if (!queued) await focusOrOpen(replyUrl(url, text));
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? '/';
  if (event.action === NOTIFICATION_ACTIONS.markRead) event.waitUntil(markReadOrOpen(event.notification.tag, url));
  else if (event.action === NOTIFICATION_ACTIONS.reply)
    event.waitUntil(replyOrOpen(event.notification.tag, url, (event as NotificationEvent & { reply?: string | null }).reply ?? ''));
  else event.waitUntil(focusOrOpen(url));
});
