/** The PayPal acceptance rule of activate-subscription (private to that function). */
import { ACTIVATION_ERRORS, CURRENCY } from '../_shared/app-contract.ts';

/** The parts of a PayPal order (Orders API v2) the acceptance rule reads. */
export interface OrderFacts {
  status: string;
  purchase_units?: Array<{ reference_id?: string; custom_id?: string; amount?: { currency_code?: string; value?: string } }>;
}

/** Why an order cannot pay for this tier and this member, or null when it can. */
export function refuse(order: OrderFacts, expected: { tierId: string; price: string; userId: string }): string | null {
  if (order.status !== 'COMPLETED') return ACTIVATION_ERRORS.notCompleted;
  const unit = order.purchase_units?.[0];
  if (!unit?.amount || unit.amount.currency_code !== CURRENCY || Number(unit.amount.value) !== Number(expected.price)) {
    return ACTIVATION_ERRORS.amountMismatch;
  }
  if (unit.reference_id !== undefined && unit.reference_id !== expected.tierId) return ACTIVATION_ERRORS.amountMismatch;
  if (unit.custom_id !== expected.userId) return ACTIVATION_ERRORS.wrongPayer;
  return null;
}
