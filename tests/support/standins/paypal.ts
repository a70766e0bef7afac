import { randomUUID } from 'node:crypto';
import { closeServer, listen, readBody, sendJson, type StandIn } from './http';

export const PAYPAL_STANDIN_CLIENT_ID = 'standin-client';
export const PAYPAL_STANDIN_SECRET = 'standin-secret';

type Order = {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  purchase_units: Array<{ reference_id?: string; custom_id?: string; amount: { currency_code: string; value: string } }>;
  returnUrl?: string;
  cancelUrl?: string;
};

export interface PayPalStandIn extends StandIn {
  orders: Map<string, Order>;
}

function publicOrder(o: Order, base: string) {
  return {
    id: o.id,
    status: o.status,
    purchase_units: o.purchase_units,
    links: [
      { href: `${base}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
      { href: `${base}/checkoutnow?token=${o.id}`, rel: 'approve', method: 'GET' },
    ],
  };
}

/**
 * A local server speaking the parts of PayPal's REST API the app uses:
 * OAuth client credentials, Orders v2 create / get / capture, and the buyer's
 * approval page (which approves at once and sends the buyer back with
 * ?token={orderId}, as PayPal does). Tests seed orders in any state with
 * POST /__standin/orders.
 */
export async function startPayPalStandIn(port = 0): Promise<PayPalStandIn> {
  const orders = new Map<string, Order>();
  const tokens = new Set<string>();
  let base = '';
  const { server, url } = await listen(async (req, res) => {
    const u = new URL(req.url ?? '/', 'http://standin');
    const authorized = () => tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''));

    if (req.method === 'POST' && u.pathname === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${PAYPAL_STANDIN_CLIENT_ID}:${PAYPAL_STANDIN_SECRET}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return sendJson(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      const token = randomUUID();
      tokens.add(token);
      return sendJson(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 32400 });
    }
    if (req.method === 'POST' && u.pathname === '/__standin/orders') {
      const seed = JSON.parse(await readBody(req)) as Partial<Order>;
      const order: Order = {
        id: seed.id ?? randomUUID().replace(/-/g, '').slice(0, 17).toUpperCase(),
        status: seed.status ?? 'COMPLETED',
        purchase_units: seed.purchase_units ?? [],
      };
      orders.set(order.id, order);
      return sendJson(res, 201, publicOrder(order, base));
    }
    if (req.method === 'GET' && u.pathname === '/checkoutnow') {
      const order = orders.get(u.searchParams.get('token') ?? '');
      if (!order || !order.returnUrl) return sendJson(res, 404, { name: 'RESOURCE_NOT_FOUND' });
      order.status = 'APPROVED';
      const back = new URL(order.returnUrl);
      back.searchParams.set('token', order.id);
      back.searchParams.set('PayerID', 'STANDINPAYER');
      res.writeHead(302, { Location: back.toString() });
      return res.end();
    }
    if (u.pathname.startsWith('/v2/checkout/orders')) {
      if (!authorized()) return sendJson(res, 401, { name: 'AUTHENTICATION_FAILURE' });
      const [, , , , id, action] = u.pathname.split('/');
      if (req.method === 'POST' && !id) {
        const body = JSON.parse(await readBody(req)) as {
          purchase_units: Order['purchase_units'];
          application_context?: { return_url?: string; cancel_url?: string };
        };
        const order: Order = {
          id: randomUUID().replace(/-/g, '').slice(0, 17).toUpperCase(),
          status: 'CREATED',
          purchase_units: body.purchase_units,
          returnUrl: body.application_context?.return_url,
          cancelUrl: body.application_context?.cancel_url,
        };
        orders.set(order.id, order);
        return sendJson(res, 201, publicOrder(order, base));
      }
      const order = orders.get(id ?? '');
      if (!order) return sendJson(res, 404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' });
      if (req.method === 'GET' && !action) return sendJson(res, 200, publicOrder(order, base));
      if (req.method === 'POST' && action === 'capture') {
        if (order.status !== 'APPROVED') return sendJson(res, 422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
        order.status = 'COMPLETED';
        return sendJson(res, 201, publicOrder(order, base));
      }
    }
    sendJson(res, 404, { name: 'NOT_FOUND' });
  }, port);
  base = url;
  return { url, orders, stop: () => closeServer(server) };
}

/** Seeds an order in the stand-in (from a test process that does not hold the server object). */
export async function seedOrder(standInUrl: string, order: Partial<Order>): Promise<{ id: string }> {
  const res = await fetch(`${standInUrl}/__standin/orders`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(order) });
  return (await res.json()) as { id: string };
}
