import type { SupabaseClient } from '@supabase/supabase-js';
import { DEFAULT_PUSH_PREFERENCES, PUSH_PREFERENCE_KEYS, SERVICE_WORKER_READY_TIMEOUT_MS, type PushPreferences } from '../constants';
import { base64UrlToBytes, sameKey, vapidPublicKey } from './vapid-key';

/** What this browser can do about push, before anything is asked. */
export type PushSupport = 'unsupported' | 'not-configured' | 'blocked' | 'ask' | 'granted';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  if (!vapidPublicKey()) return 'not-configured';
  // Each read of the permission is a synchronous trip to the browser process: read it once.
  const permission = Notification.permission;
  if (permission === 'denied') return 'blocked';
  return permission === 'granted' ? 'granted' : 'ask';
}

export class PushPermissionError extends Error {
  constructor(readonly permission: NotificationPermission) {
    super(`notification permission: ${permission}`);
  }
}

async function registration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the service worker is not running')), SERVICE_WORKER_READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** This browser's push subscription, if it has one. */
export async function browserSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

function keysOf(subscription: PushSubscription): { p256dh: string; auth: string } {
  const keys = subscription.toJSON().keys ?? {};
  if (!keys.p256dh || !keys.auth) throw new Error('the push subscription has no encryption keys');
  return { p256dh: keys.p256dh, auth: keys.auth };
}

export function normalizePreferences(value: unknown): PushPreferences {
  const stored = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const result = { ...DEFAULT_PUSH_PREFERENCES };
  for (const key of PUSH_PREFERENCE_KEYS) if (typeof stored[key] === 'boolean') result[key] = stored[key];
  return result;
}

/** The preferences stored for this device, or null when the member has no subscription row for it. */
export async function loadDevicePreferences(client: SupabaseClient, subscription: PushSubscription): Promise<PushPreferences | null> {
  const { data, error } = await client.from('push_subscriptions').select('preferences').eq('endpoint', subscription.endpoint).maybeSingle();
  if (error) throw error;
  return data ? normalizePreferences(data.preferences) : null;
}

/**
 * Turns push on for this device: asks for permission (call it from the member's click), subscribes
 * with the app's VAPID key and stores the subscription as the member's. A subscription this browser
 * already had (another member's, or made with an older key) is forgotten first.
 */
export async function enableDevicePush(
  client: SupabaseClient,
  userId: string,
  preferences: PushPreferences = DEFAULT_PUSH_PREFERENCES,
): Promise<PushSubscription> {
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionError(permission);

  const key = base64UrlToBytes(vapidPublicKey());
  const reg = await registration();
  let subscription = await reg.pushManager.getSubscription();
  if (subscription) {
    await forgetOnServer(client, subscription);
    if (!sameKey(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });

  const { error } = await client.from('push_subscriptions').insert({
    user_id: userId,
    endpoint: subscription.endpoint,
    ...keysOf(subscription),
    user_agent: navigator.userAgent.slice(0, 500),
    preferences,
  });
  if (error) throw error;
  return subscription;
}

/** Turns push off for this device: the server forgets it first, then the browser unsubscribes. */
export async function disableDevicePush(client: SupabaseClient): Promise<void> {
  const subscription = await browserSubscription();
  if (!subscription) return;
  await forgetOnServer(client, subscription);
  await subscription.unsubscribe();
}

export async function saveDevicePreferences(client: SupabaseClient, subscription: PushSubscription, preferences: PushPreferences): Promise<void> {
  const { error } = await client.from('push_subscriptions').update({ preferences, updated_at: new Date().toISOString() }).eq('endpoint', subscription.endpoint);
  if (error) throw error;
}

/** Works without a session (after sign-out): the subscription's secret proves the device holds it. */
async function forgetOnServer(client: SupabaseClient, subscription: PushSubscription): Promise<void> {
  const { error } = await client.rpc('forget_push_subscription', { p_endpoint: subscription.endpoint, p_auth: keysOf(subscription).auth });
  if (error) throw error;
}

/**
 * After sign-out: nobody on this device should get the previous member's pushes. Offline the server
 * cannot be told, but the browser still unsubscribes, and the push service then reports the endpoint
 * gone, so send-push deletes the row on the next push.
 */
export async function forgetDeviceAfterSignOut(client: SupabaseClient): Promise<void> {
  const subscription = await browserSubscription();
  if (!subscription) return;
  await forgetOnServer(client, subscription).catch((error: unknown) =>
    console.warn('Could not tell the server to forget this device; it will be dropped on the next push.', error),
  );
  await subscription.unsubscribe();
}
