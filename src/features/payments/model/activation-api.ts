import { getSupabase } from '@/launch/lazy-supabase';
import { invokeFunction } from '@/lib/invoke-function';

async function invoke<T>(body: Record<string, unknown>): Promise<T> {
  return (await invokeFunction<T>(await getSupabase(), 'activate-subscription', body)) as T;
}

/** Starts a PayPal checkout for a tier; the member approves it on PayPal and comes back to /payment-success. */
export function startPaypalCheckout(tierId: string): Promise<{ orderId: string; approveUrl: string }> {
  return invoke({ action: 'create-order', tierId });
}

/** Asks the server to verify the PayPal order and set the tier; only the server can. */
export function activatePaypal(tierId: string, orderId: string | undefined): Promise<{ tier: string }> {
  return invoke({ action: 'activate', source: 'paypal', tierId, orderId });
}
