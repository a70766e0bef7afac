import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * Hosts of the browsers' push services: Google FCM (Chrome; android.googleapis.com is its
 * legacy name), Mozilla autopush (Firefox), Apple web push (Safari) and Windows WNS (Edge on
 * Windows). The database's push_subscriptions trigger accepts the same list; a db test keeps
 * the two in step.
 */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', 'push.services.mozilla.com'] as const;
/** Any host ending in one of these (their servers are sharded by subdomain). */
export const PUSH_SERVICE_HOST_SUFFIXES = ['.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com'] as const;
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

function parse(endpoint: string): URL | null {
  if (endpoint.length > PUSH_ENDPOINT_MAX_LENGTH) return null;
  try {
    return new URL(endpoint);
  } catch {
    return null;
  }
}

/** An https endpoint on a known push service, default port, no credentials in the URL. */
export function isKnownPushService(endpoint: string): boolean {
  const url = parse(endpoint);
  if (!url || url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return (PUSH_SERVICE_HOSTS as readonly string[]).includes(host) || PUSH_SERVICE_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

function isLoopback(url: URL | null): boolean {
  return !!url && (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK.has(url.hostname);
}

/**
 * Whether send-push may call a stored endpoint. Known push services always; a loopback stand-in
 * only while the project itself runs on loopback AND the database lists that stand-in's origin
 * (the local stack's tests register it; a hosted project never has one).
 */
export async function endpointAllowed(endpoint: string, projectUrl: string | undefined, db: SupabaseClient): Promise<boolean> {
  if (isKnownPushService(endpoint)) return true;
  if (!isLoopback(parse(endpoint)) || !isLoopback(parse(projectUrl ?? ''))) return false;
  const { data, error } = await db.rpc('push_endpoint_allowed', { p_endpoint: endpoint });
  return !error && data === true;
}
