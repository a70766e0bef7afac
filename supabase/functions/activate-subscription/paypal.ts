import { getEnv } from '../_shared/env.ts';

/** Settings read per request, so a deployment (or a test) can change them without a restart. */
export interface PayPalConfig {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
}

export function paypalConfig(): PayPalConfig | null {
  const apiUrl = getEnv('PAYPAL_API_URL');
  const clientId = getEnv('PAYPAL_CLIENT_ID');
  const clientSecret = getEnv('PAYPAL_CLIENT_SECRET');
  if (!apiUrl || !clientId || !clientSecret) return null;
  return { apiUrl: apiUrl.replace(/\/$/, ''), clientId, clientSecret };
}

export interface PayPalOrder {
  id: string;
  status: string;
  purchase_units?: Array<{
    reference_id?: string;
    custom_id?: string;
    amount?: { currency_code?: string; value?: string };
  }>;
  links?: Array<{ href: string; rel: string; method?: string }>;
}

export class PayPalError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PayPalError';
  }
}

const TIMEOUT_MS = 15_000;

async function accessToken(config: PayPalConfig): Promise<string> {
  const res = await fetch(`${config.apiUrl}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new PayPalError(res.status, `PayPal refused the credentials (${res.status}).`);
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new PayPalError(502, 'PayPal sent no access token.');
  return body.access_token;
}

async function call(config: PayPalConfig, path: string, init: { method: string; body?: unknown }): Promise<PayPalOrder> {
  const token = await accessToken(config);
  const res = await fetch(`${config.apiUrl}${path}`, {
    method: init.method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new PayPalError(res.status, `PayPal answered ${res.status}.`);
  return (await res.json()) as PayPalOrder;
}

/** Orders API v2: create an order the member approves on PayPal. */
export function createOrder(
  config: PayPalConfig,
  order: {
    tierId: string;
    userId: string;
    value: string;
    currency: string;
    description: string;
    returnUrl: string;
    cancelUrl: string;
  },
): Promise<PayPalOrder> {
  return call(config, '/v2/checkout/orders', {
    method: 'POST',
    body: {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: order.tierId,
          custom_id: order.userId,
          description: order.description,
          amount: { currency_code: order.currency, value: order.value },
        },
      ],
      application_context: { return_url: order.returnUrl, cancel_url: order.cancelUrl, user_action: 'PAY_NOW', shipping_preference: 'NO_SHIPPING' },
    },
  });
}

/** GET /v2/checkout/orders/{id}. */
export function getOrder(config: PayPalConfig, id: string): Promise<PayPalOrder> {
  return call(config, `/v2/checkout/orders/${encodeURIComponent(id)}`, { method: 'GET' });
}

/** Takes the money of an approved order; the order is COMPLETED afterwards. */
export function captureOrder(config: PayPalConfig, id: string): Promise<PayPalOrder> {
  return call(config, `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, { method: 'POST', body: {} });
}
