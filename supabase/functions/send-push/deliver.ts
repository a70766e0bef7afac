import webpush from 'web-push';
import type { PushPlan } from './push-content.ts';

/** Bounded retries: the whole run stays well inside the webhook's 10 s timeout. */
export const DELIVERY_RETRY = {
  attempts: 3,
  firstBackoffMs: 200,
  backoffFactor: 4,
  requestTimeoutMs: 2500,
} as const;

export interface VapidConfig {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface StoredSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** `unusable`: the stored keys cannot encrypt a push (stored before keys were checked, or altered since). */
export type DeliveryStatus = 'sent' | 'gone' | 'failed' | 'unusable';

export interface DeliveryOutcome {
  subscriptionId: string;
  status: DeliveryStatus;
  /** the push service's last answer; absent when it could not be reached */
  httpStatus?: number;
  attempts: number;
}

type Sleep = (ms: number) => Promise<void>;
const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** 404 and 410 mean the browser dropped the subscription; it will never work again. */
const isGone = (status: number) => status === 404 || status === 410;
/** Worth another try: the push service is overloaded or broken for now. */
const isTransient = (status: number) => status === 429 || status >= 500;

/**
 * Encrypts the payload for one subscription (aes128gcm, RFC 8291) and signs the VAPID header with
 * web-push, then sends it with fetch, which both runtimes have (web-push's own sender needs
 * node:https). Transient failures are retried with exponential back-off.
 */
export async function deliverPush(
  subscription: StoredSubscription,
  plan: PushPlan,
  ttlSeconds: number,
  vapid: VapidConfig,
  wait: Sleep = sleep,
): Promise<DeliveryOutcome> {
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(plan.payload),
      { TTL: ttlSeconds, urgency: plan.urgency, topic: plan.topic, vapidDetails: vapid, contentEncoding: 'aes128gcm' },
    );
  } catch {
    // Keys that are not a P-256 point and a 16-byte secret make web-push throw; one such row must not
    // stop the pushes to the member's other devices, and no retry could ever succeed.
    return { subscriptionId: subscription.id, status: 'unusable', attempts: 0 };
  }
  const body = details.body ? new Uint8Array(details.body) : undefined;

  let httpStatus: number | undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body,
        signal: AbortSignal.timeout(DELIVERY_RETRY.requestTimeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      httpStatus = response.status;
      if (response.ok) return { subscriptionId: subscription.id, status: 'sent', httpStatus, attempts: attempt };
      if (isGone(response.status)) return { subscriptionId: subscription.id, status: 'gone', httpStatus, attempts: attempt };
      if (!isTransient(response.status)) return { subscriptionId: subscription.id, status: 'failed', httpStatus, attempts: attempt };
    } catch {
      // Unreachable or timed out: retried like a 5xx.
      httpStatus = undefined;
    }
    if (attempt >= DELIVERY_RETRY.attempts) return { subscriptionId: subscription.id, status: 'failed', httpStatus, attempts: attempt };
    await wait(DELIVERY_RETRY.firstBackoffMs * DELIVERY_RETRY.backoffFactor ** (attempt - 1));
  }
}
