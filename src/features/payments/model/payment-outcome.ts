export type PaymentParams = { source?: string; status?: string; tier_id?: string };

export type PaymentOutcome =
  { kind: 'paypal'; tierId: string } | { kind: 'coinbase'; tierId: string; display: string } | { kind: 'tier-missing' } | { kind: 'invalid' };

/**
 * What the success page does with its query: PayPal with a
 * tier asks the server to activate it, Coinbase with a tier only shows it in
 * upper case, a success without a tier cannot be activated, anything else is
 * invalid.
 */
export function paymentOutcome({ source, status, tier_id }: PaymentParams): PaymentOutcome {
  const tier = (tier_id ?? '').trim();
  if (status !== 'success' || (source !== 'paypal' && source !== 'coinbase')) return { kind: 'invalid' };
  if (tier === '') return source === 'paypal' ? { kind: 'tier-missing' } : { kind: 'invalid' };
  if (source === 'paypal') return { kind: 'paypal', tierId: tier };
  return { kind: 'coinbase', tierId: tier, display: tier.toUpperCase() };
}
