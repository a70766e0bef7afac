import { preflight } from '../_shared/cors.ts';
import { json, jsonError } from '../_shared/json.ts';
import { serveWhenDeno } from '../_shared/runtime.ts';
import { callerUserId, createServiceClient } from '../_shared/supabase.ts';
import { captureOrder, createOrder, getOrder, PayPalError, paypalConfig, type PayPalConfig, type PayPalOrder } from './paypal.ts';
import { activationRequestSchema } from './request.ts';
import { ACTIVATION_ERRORS, CURRENCY, PAID_TIER_IDS, tierById } from '../_shared/app-contract.ts';
import { refuse } from './tiers.ts';

/**
 * Edge function `activate-subscription`: the only
 * way a subscription tier changes. The browser never says "I paid"; this
 * function asks PayPal's Orders API and accepts only a COMPLETED order whose
 * amount is the tier's price and that was made for the caller.
 *
 *   { action: 'create-order', tierId }              -> { orderId, approveUrl }
 *   { action: 'activate', source, tierId, orderId } -> { tier }
 */
export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return jsonError(405, 'Use POST with a JSON body.');

  const userId = await callerUserId(req);
  if (!userId) return jsonError(401, ACTIVATION_ERRORS.signInRequired);

  let body: unknown;
  try {
    body = await req.json();
  } catch {
    return jsonError(400, 'The request body must be JSON.');
  }
  const parsed = activationRequestSchema.safeParse(body);
  if (!parsed.success) return jsonError(400, parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
  const request = parsed.data;

  const tier = tierById(request.tierId);
  if (!tier || !(PAID_TIER_IDS as readonly string[]).includes(tier.id)) return jsonError(400, ACTIVATION_ERRORS.unknownTier);

  const config = paypalConfig();
  if (!config) return jsonError(503, ACTIVATION_ERRORS.notConfigured);

  try {
    if (request.action === 'create-order') {
      const origin = appOrigin(req);
      if (!origin) return jsonError(400, 'The request has no valid Origin header.');
      const order = await createOrder(config, {
        tierId: tier.id,
        userId,
        value: tier.priceUsd,
        currency: CURRENCY,
        description: `DJCircle ${tier.name}`,
        returnUrl: `${origin}/payment-success?source=paypal&status=success&tier_id=${tier.id}`,
        cancelUrl: `${origin}/payment-cancelled`,
      });
      const approveUrl = order.links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href;
      if (!approveUrl) return jsonError(502, 'PayPal sent no approval link.');
      return json({ orderId: order.id, approveUrl });
    }

    if (request.source !== 'paypal') return jsonError(400, ACTIVATION_ERRORS.unsupportedSource);
    if (!request.orderId) return jsonError(400, ACTIVATION_ERRORS.missingOrder);
    const order = await completedOrder(config, request.orderId);
    const refusal = refuse(order, { tierId: tier.id, price: tier.priceUsd, userId });
    if (refusal) return jsonError(402, refusal);

    const { error } = await createServiceClient()
      .from('profiles')
      .update({ subscription_tier: tier.id, updated_at: new Date().toISOString() })
      .eq('id', userId);
    if (error) return jsonError(500, error.message);
    return json({ tier: tier.id });
  } catch (err) {
    if (err instanceof PayPalError) {
      if (err.status === 404) return jsonError(404, ACTIVATION_ERRORS.orderNotFound);
      return jsonError(502, ACTIVATION_ERRORS.paypalUnavailable);
    }
    if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError' || err instanceof TypeError)) {
      return jsonError(502, ACTIVATION_ERRORS.paypalUnavailable);
    }
    throw err;
  }
}

/** The order after capture: an approved order is captured here, so the money moves before the tier does. */
async function completedOrder(config: PayPalConfig, orderId: string): Promise<PayPalOrder> {
  const order = await getOrder(config, orderId);
  if (order.status !== 'APPROVED') return order;
  await captureOrder(config, orderId);
  return getOrder(config, orderId);
}

/** Where PayPal sends the member back: the app's own origin, as the browser declared it. */
function appOrigin(req: Request): string | null {
  const origin = req.headers.get('Origin');
  if (!origin) return null;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

serveWhenDeno(handler);
