/**
 * Subscription tiers: the one list both the payment function and the app read
 * (no imports, so the browser bundle can include it). The id is what
 * profiles.subscription_tier holds and what ?tier_id= carries.
 */
export const TIERS = [
  {
    id: 'free', name: 'Community Member', priceUsd: '0.00',
    features: ['Profile with bio, genres and social links', 'Join and start discussions', 'Upload tracks, mixes and sample packs', 'Read The Beat Drop and use DJ.Bot'],
  },
  {
    id: 'pro', name: 'Pro DJ/Creator', priceUsd: '9.99',
    features: ['Everything in Community Member', 'Pro badge on your profile and posts', 'Tip jar on your profile', 'Priority in the directory and search'],
  },
  {
    id: 'label', name: 'Label/Promoter Suite', priceUsd: '29.99',
    features: ['Everything in Pro DJ/Creator', 'Label badge and featured placement', 'Promote events to the whole community', 'Priority support from the team'],
  },
] as const;

export type TierId = (typeof TIERS)[number]['id'];
export const PAID_TIER_IDS = ['pro', 'label'] as const;
export const CURRENCY = 'USD';

export function tierById(id: string): (typeof TIERS)[number] | undefined {
  return TIERS.find((t) => t.id === id);
}

/** What the function answers when a payment cannot be accepted; the app shows it in the 'Activation Error' toast. */
export const ACTIVATION_ERRORS = {
  signInRequired: 'Sign in to activate a subscription.',
  notConfigured: 'PayPal payments are not configured on this server.',
  unknownTier: 'Unknown subscription tier.',
  missingOrder: 'The PayPal order id is missing.',
  orderNotFound: 'PayPal does not know this order.',
  notCompleted: 'The PayPal payment is not completed.',
  amountMismatch: 'The amount paid does not match the price of this tier.',
  wrongPayer: 'This payment was made for another account.',
  paypalUnavailable: 'PayPal could not be reached. Please try again in a moment.',
  unsupportedSource: 'Only PayPal payments can be activated here.',
} as const;

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
