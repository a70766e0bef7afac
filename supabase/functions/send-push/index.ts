import { getEnv, requireEnv } from '../_shared/env.ts';
import { json, jsonError } from '../_shared/json.ts';
import { preflight } from '../_shared/cors.ts';
import { serveWhenDeno } from '../_shared/runtime.ts';
import { createServiceClient } from '../_shared/supabase.ts';
import { DEFAULT_VAPID_SUBJECT } from './push-content.ts';
import { sendPushForNotification } from './send.ts';

export const SEND_PUSH_MESSAGES = {
  methodNotAllowed: 'send-push accepts POST only',
  forbidden: 'send-push is called by the database with the service-role key',
  badBody: 'Expected a notifications webhook body ({ record: { id } }) or { notification_id }',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id from a database-webhook body (`{ type, table, record }`) or a direct `{ notification_id }` call. */
function notificationIdOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const value = body as { record?: { id?: unknown }; notification_id?: unknown };
  const id = value.record?.id ?? value.notification_id;
  return typeof id === 'string' && UUID.test(id) ? id : null;
}

/**
 * Called by the notifications webhook (migration *_push_delivery.sql). Any member holds a valid JWT,
 * so the platform's JWT check is not enough: only the service-role key may make the server push.
 */
export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return jsonError(405, SEND_PUSH_MESSAGES.methodNotAllowed);

  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1];
  if (!token || token !== requireEnv('SUPABASE_SERVICE_ROLE_KEY')) return jsonError(403, SEND_PUSH_MESSAGES.forbidden);

  const id = notificationIdOf(await req.json().catch(() => null));
  if (!id) return jsonError(400, SEND_PUSH_MESSAGES.badBody);

  const report = await sendPushForNotification(
    createServiceClient(),
    id,
    {
      subject: getEnv('VAPID_SUBJECT') || DEFAULT_VAPID_SUBJECT,
      publicKey: requireEnv('VAPID_PUBLIC_KEY'),
      privateKey: requireEnv('VAPID_PRIVATE_KEY'),
    },
    getEnv('SUPABASE_URL'),
  );
  return json(report);
}

serveWhenDeno(handler);
