import { getSupabase } from '@/lib/lazy-supabase';

async function invoke<T>(body: Record<string, unknown>): Promise<T> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.functions.invoke<T>('activate-subscription', { body });
  if (error) {
    let message = error.message;
    const context = (error as { context?: Response }).context;
    if (context && typeof context.json === 'function') {
      try {
        message = ((await context.json()) as { error?: string }).error ?? message;
      } catch {
        // not JSON: keep the library's message
      }
    }
    throw new Error(message);
  }
  return data as T;
}

/** Starts a PayPal checkout for a tier; the member approves it on PayPal and comes back to /payment-success. */
export function startPaypalCheckout(tierId: string): Promise<{ orderId: string; approveUrl: string }> {
  return invoke({ action: 'create-order', tierId });
}

/** Asks the server to verify the PayPal order and set the tier; only the server can. */
export function activatePaypal(tierId: string, orderId: string | undefined): Promise<{ tier: string }> {
  return invoke({ action: 'activate', source: 'paypal', tierId, orderId });
}
