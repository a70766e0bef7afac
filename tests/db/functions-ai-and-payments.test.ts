/**
 * generate-blog-content and activate-subscription against the real stack.
 * The handlers run in this process, exactly as the gateway calls them (a web
 * Request in, a Response out), with the runtime's variables pointed at the
 * shared test stack and at local stand-ins for the AI endpoint and PayPal.
 * Both functions read their provider settings on every request, so each test
 * can switch them (missing, wrong key) without a new stack.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import generate from '../../supabase/functions/generate-blog-content/index';
import { AI_ERRORS } from '../../supabase/functions/generate-blog-content/settings';
import activate from '../../supabase/functions/activate-subscription/index';
import { ACTIVATION_ERRORS } from '../../supabase/functions/_shared/app-contract';
import { AI_STANDIN_KEY, AI_STANDIN_MARKERS, AI_STANDIN_MODEL, startAiStandIn, type AiStandIn } from '../support/standins/openai';
import { PAYPAL_STANDIN_CLIENT_ID, PAYPAL_STANDIN_SECRET, seedOrder, startPayPalStandIn, type PayPalStandIn } from '../support/standins/paypal';
import { newMember, serviceClient, testStack, withDb, type TestMember } from '../support/clients';

let ai: AiStandIn;
let paypal: PayPalStandIn;
let admin: TestMember;
let member: TestMember;

function call(handler: (r: Request) => Promise<Response>, name: string, token: string | null, body: unknown, origin = 'http://app.test') {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Origin: origin };
  if (token) headers.Authorization = `Bearer ${token}`;
  return handler(new Request(`http://functions.test/${name}`, { method: 'POST', headers, body: JSON.stringify(body) }));
}

beforeAll(async () => {
  // As the gateway does for functions: Deno has a global WebSocket, Node 20 does not.
  (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
  ai = await startAiStandIn();
  paypal = await startPayPalStandIn();
  const { apiUrl, anonKey, serviceRoleKey } = testStack();
  Object.assign(process.env, { SUPABASE_URL: apiUrl, SUPABASE_ANON_KEY: anonKey, SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey });
  admin = await newMember('fnadmin');
  member = await newMember('fnmember');
  await withDb((db) => db.query(`update public.profiles set role = 'admin' where id = $1`, [admin.id]));
});

afterAll(async () => {
  await ai.stop();
  await paypal.stop();
});

beforeEach(() => {
  Object.assign(process.env, {
    AI_API_URL: ai.url,
    AI_API_KEY: AI_STANDIN_KEY,
    AI_MODEL: AI_STANDIN_MODEL,
    PAYPAL_API_URL: paypal.url,
    PAYPAL_CLIENT_ID: PAYPAL_STANDIN_CLIENT_ID,
    PAYPAL_CLIENT_SECRET: PAYPAL_STANDIN_SECRET,
  });
});

describe('generate-blog-content', () => {
  it('returns the model text for an admin, sending the configured model and key', async () => {
    const res = await call(generate, 'generate-blog-content', admin.accessToken, { prompt: '  warm-up sets  ' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { generatedContent: string };
    expect(body.generatedContent).toMatch(/^# Notes on warm-up sets/);
    const last = ai.requests.at(-1)!;
    expect(last.authorization).toBe(`Bearer ${AI_STANDIN_KEY}`);
    expect(last.body.model).toBe(AI_STANDIN_MODEL);
    expect(last.body.messages?.at(-1)).toEqual({ role: 'user', content: 'warm-up sets' });
  });

  it('refuses visitors and members who are not admins, before calling the model', async () => {
    const before = ai.requests.length;
    expect((await call(generate, 'generate-blog-content', null, { prompt: 'x' })).status).toBe(401);
    const res = await call(generate, 'generate-blog-content', member.accessToken, { prompt: 'x' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: AI_ERRORS.adminOnly });
    expect(ai.requests.length).toBe(before);
  });

  it('rejects an empty prompt, reports a missing configuration, an upstream failure, a wrong key and an empty answer', async () => {
    expect(await (await call(generate, 'g', admin.accessToken, { prompt: '   ' })).json()).toEqual({ error: AI_ERRORS.promptRequired });
    const fail = await call(generate, 'g', admin.accessToken, { prompt: `x ${AI_STANDIN_MARKERS.fail}` });
    expect(fail.status).toBe(502);
    expect(await fail.json()).toEqual({ error: AI_ERRORS.upstream(500) });
    const empty = await call(generate, 'g', admin.accessToken, { prompt: `x ${AI_STANDIN_MARKERS.empty}` });
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({});
    process.env.AI_API_KEY = 'wrong';
    expect(await (await call(generate, 'g', admin.accessToken, { prompt: 'x' })).json()).toEqual({ error: AI_ERRORS.upstream(401) });
    delete process.env.AI_API_URL;
    const missing = await call(generate, 'g', admin.accessToken, { prompt: 'x' });
    expect(missing.status).toBe(503);
    expect(await missing.json()).toEqual({ error: AI_ERRORS.notConfigured });
  });
});

describe('activate-subscription', () => {
  async function tierOf(id: string) {
    const { data } = await serviceClient().from('profiles').select('subscription_tier').eq('id', id).single();
    return (data as { subscription_tier: string }).subscription_tier;
  }

  it('creates an order bound to the caller and the tier price, with return URLs on the app origin', async () => {
    const res = await call(activate, 'activate-subscription', member.accessToken, { action: 'create-order', tierId: 'pro' });
    expect(res.status).toBe(200);
    const { orderId, approveUrl } = (await res.json()) as { orderId: string; approveUrl: string };
    expect(approveUrl).toBe(`${paypal.url}/checkoutnow?token=${orderId}`);
    const order = paypal.orders.get(orderId)!;
    expect(order.purchase_units[0]).toMatchObject({ reference_id: 'pro', custom_id: member.id, amount: { currency_code: 'USD', value: '9.99' } });
    expect(order.returnUrl).toBe('http://app.test/payment-success?source=paypal&status=success&tier_id=pro');
    expect(order.cancelUrl).toBe('http://app.test/payment-cancelled');
  });

  it('captures an approved order and sets the tier; only then', async () => {
    const created = (await (await call(activate, 'a', member.accessToken, { action: 'create-order', tierId: 'pro' })).json()) as { orderId: string };
    // Not approved by the buyer yet: refused, tier unchanged.
    const early = await call(activate, 'a', member.accessToken, { action: 'activate', source: 'paypal', tierId: 'pro', orderId: created.orderId });
    expect(early.status).toBe(402);
    expect(await early.json()).toEqual({ error: ACTIVATION_ERRORS.notCompleted });
    expect(await tierOf(member.id)).toBe('free');
    paypal.orders.get(created.orderId)!.status = 'APPROVED';
    const res = await call(activate, 'a', member.accessToken, { action: 'activate', source: 'paypal', tierId: 'pro', orderId: created.orderId });
    expect(await res.json()).toEqual({ tier: 'pro' });
    expect(paypal.orders.get(created.orderId)!.status).toBe('COMPLETED');
    expect(await tierOf(member.id)).toBe('pro');
  });

  it("refuses a cheaper order, an order for another tier, someone else's order, unknown orders and other sources", async () => {
    const other = await newMember('fnother');
    const unit = (value: string, tier: string, user: string) => ({ reference_id: tier, custom_id: user, amount: { currency_code: 'USD', value } });
    const cheap = await seedOrder(paypal.url, { status: 'COMPLETED', purchase_units: [unit('9.99', 'pro', other.id)] });
    const cases: Array<[unknown, number, string]> = [
      [{ action: 'activate', source: 'paypal', tierId: 'label', orderId: cheap.id }, 402, ACTIVATION_ERRORS.amountMismatch],
      [
        {
          action: 'activate',
          source: 'paypal',
          tierId: 'pro',
          orderId: (await seedOrder(paypal.url, { purchase_units: [unit('9.99', 'pro', member.id)] })).id,
        },
        402,
        ACTIVATION_ERRORS.wrongPayer,
      ],
      [{ action: 'activate', source: 'paypal', tierId: 'pro', orderId: 'NOSUCHORDER' }, 404, ACTIVATION_ERRORS.orderNotFound],
      [{ action: 'activate', source: 'paypal', tierId: 'pro' }, 400, ACTIVATION_ERRORS.missingOrder],
      [{ action: 'activate', source: 'coinbase', tierId: 'pro', orderId: cheap.id }, 400, ACTIVATION_ERRORS.unsupportedSource],
      [{ action: 'activate', source: 'paypal', tierId: 'platinum', orderId: cheap.id }, 400, ACTIVATION_ERRORS.unknownTier],
    ];
    for (const [body, status, error] of cases) {
      const res = await call(activate, 'a', other.accessToken, body);
      expect({ status: res.status, body: await res.json() }).toEqual({ status, body: { error } });
    }
    expect(await tierOf(other.id)).toBe('free');
    expect((await call(activate, 'a', null, { action: 'create-order', tierId: 'pro' })).status).toBe(401);
    delete process.env.PAYPAL_API_URL;
    expect(await (await call(activate, 'a', other.accessToken, { action: 'create-order', tierId: 'pro' })).json()).toEqual({
      error: ACTIVATION_ERRORS.notConfigured,
    });
  });

  it('a member cannot set the tier through the API directly', async () => {
    await member.client.from('profiles').update({ subscription_tier: 'label' }).eq('id', member.id);
    expect(await tierOf(member.id)).not.toBe('label');
  });
});
