import pg from 'pg';
import type { GatewayContext } from './context';

/** The channel `supabase_functions.http_request()` (bootstrap.sql) notifies on. */
export const WEBHOOK_CHANNEL = 'supabase_functions_http_request';

const MIN_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;
const DEFAULT_TIMEOUT_MS = 1000;

/** One `supabase_functions.http_request()` call, as the trigger encodes it. */
export interface WebhookRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  params: Record<string, string>;
  timeout_ms: number;
  body: unknown;
}

interface QueuedRow {
  id: string;
  url: string;
  method: string;
  headers: Record<string, string>;
  params: Record<string, string>;
  timeout_ms: number;
  body: unknown;
}

/** Takes queued requests out of the table (all of them, or one id) so each is delivered once. */
async function takeQueued(ctx: GatewayContext, id?: string): Promise<WebhookRequest[]> {
  const { rows } = await ctx.webhooksDb.query<QueuedRow>(
    `delete from supabase_functions.http_request_queue where ($1::bigint is null or id = $1::bigint)
     returning id, url, method, headers, params, timeout_ms, body`,
    [id ?? null],
  );
  return rows.map((row) => parseRequest(row)).filter((r): r is WebhookRequest => r !== undefined);
}

function parseRequest(value: Partial<WebhookRequest>): WebhookRequest | undefined {
  if (typeof value.url !== 'string') return undefined;
  return {
    url: value.url,
    method: (value.method ?? 'POST').toUpperCase(),
    headers: value.headers ?? {},
    params: value.params ?? {},
    timeout_ms: Number(value.timeout_ms) > 0 ? Number(value.timeout_ms) : DEFAULT_TIMEOUT_MS,
    body: value.body,
  };
}

/** Performs one webhook like pg_net does: params go in the query string, the body as JSON unless GET. */
export async function deliverWebhook(request: WebhookRequest): Promise<Response> {
  const url = new URL(request.url);
  for (const [key, value] of Object.entries(request.params)) url.searchParams.set(key, String(value));
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const headers = new Headers(request.headers);
  if (hasBody && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const response = await fetch(url, {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body ?? null) : undefined,
    signal: AbortSignal.timeout(request.timeout_ms),
  });
  // The answer is not used, but reading it frees the connection.
  await response.arrayBuffer().catch(() => undefined);
  return response;
}

/**
 * Listens for database webhooks and performs them after the writing transaction committed (NOTIFY is
 * delivered at commit), so a slow or failing endpoint never blocks or breaks the write. A dropped
 * connection is re-opened with growing back-off. Returns a function that stops listening and waits
 * for deliveries in flight.
 */
export async function startWebhookDelivery(ctx: GatewayContext): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = MIN_RETRY_MS;
  const inFlight = new Set<Promise<void>>();

  const deliverQueued = (id?: string) => {
    if (id !== undefined && !/^\d+$/.test(id)) {
      console.error('[webhooks] ignored a malformed notification');
      return;
    }
    takeQueued(ctx, id)
      .then((requests) => requests.forEach(deliver))
      .catch((err: unknown) => console.error(`[webhooks] could not read the queue: ${(err as Error).message}`));
  };

  const deliver = (request: WebhookRequest) => {
    const task = deliverWebhook(request)
      .then((response) => {
        if (!response.ok) console.error(`[webhooks] ${request.method} ${request.url} answered ${response.status}`);
      })
      .catch((err: unknown) => console.error(`[webhooks] ${request.method} ${request.url} failed: ${(err as Error).message}`))
      .finally(() => inFlight.delete(task));
    inFlight.add(task);
  };

  const scheduleReconnect = () => {
    if (stopped || retryTimer) return;
    const wait = retryMs;
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, wait);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: ctx.serviceDbUrl('webhooks'), application_name: 'gateway-webhooks' });
    next.on('notification', (msg) => {
      if (msg.channel === WEBHOOK_CHANNEL) deliverQueued(msg.payload);
    });
    const lost = (reason: string) => {
      if (client !== next) return;
      client = undefined;
      next.end().catch(() => undefined);
      if (!stopped) {
        console.error(`[webhooks] listener connection lost (${reason}); reconnecting`);
        scheduleReconnect();
      }
    };
    next.on('error', (err) => lost(err.message));
    next.on('end', () => lost('connection ended'));
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${WEBHOOK_CHANNEL}`);
      retryMs = MIN_RETRY_MS;
      // Requests queued while nobody listened (gateway down or reconnecting) go out now.
      deliverQueued();
    } catch (err) {
      lost((err as Error).message);
    }
    if (stopped && client === next) await next.end().catch(() => undefined);
  };

  await connect();

  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const current = client;
    client = undefined;
    await current?.end().catch(() => undefined);
    await Promise.allSettled([...inFlight]);
  };
}
