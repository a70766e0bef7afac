import { describe, expect, it } from 'vitest';
import { paymentOutcome } from '@/features/payments/model/payment-outcome';
import { refuse } from '../../supabase/functions/activate-subscription/tiers';
import { ACTIVATION_ERRORS } from '@/features/payments/constants';

describe('payment result rules', () => {
  it('maps source, status and tier_id to what the page does', () => {
    expect(paymentOutcome({ source: 'paypal', status: 'success', tier_id: 'pro' })).toEqual({ kind: 'paypal', tierId: 'pro' });
    expect(paymentOutcome({ source: 'coinbase', status: 'success', tier_id: 'label' })).toEqual({ kind: 'coinbase', tierId: 'label', display: 'LABEL' });
    expect(paymentOutcome({ source: 'paypal', status: 'success' })).toEqual({ kind: 'tier-missing' });
    expect(paymentOutcome({ source: 'paypal', status: 'cancelled', tier_id: 'pro' })).toEqual({ kind: 'invalid' });
    expect(paymentOutcome({ source: 'stripe', status: 'success', tier_id: 'pro' })).toEqual({ kind: 'invalid' });
    expect(paymentOutcome({})).toEqual({ kind: 'invalid' });
  });

  it('the server accepts only completed orders for the tier price made for the caller', () => {
    const ok = { id: 'O', status: 'COMPLETED', purchase_units: [{ reference_id: 'pro', custom_id: 'u1', amount: { currency_code: 'USD', value: '9.99' } }] };
    const expected = { tierId: 'pro', price: '9.99', userId: 'u1' };
    expect(refuse(ok, expected)).toBeNull();
    expect(refuse({ ...ok, status: 'APPROVED' }, expected)).toBe(ACTIVATION_ERRORS.notCompleted);
    expect(refuse({ ...ok, purchase_units: [{ ...ok.purchase_units[0], amount: { currency_code: 'USD', value: '0.01' } }] }, expected)).toBe(
      ACTIVATION_ERRORS.amountMismatch,
    );
    expect(refuse({ ...ok, purchase_units: [{ ...ok.purchase_units[0], custom_id: 'u2' }] }, expected)).toBe(ACTIVATION_ERRORS.wrongPayer);
  });
});
