/**
 * The one module the app (browser bundle and service worker) shares with the
 * edge functions: what both sides must agree on. It has no imports, so both
 * the Vite build and the Deno/Node function runtimes can load it as it is.
 * Everything else under supabase/functions is private to its function.
 */

/**
 * Subscription tiers: the one list both the payment function and the app
 * read. The id is what profiles.subscription_tier holds and what ?tier_id=
 * carries.
 */
export const TIERS = [
  {
    id: 'free',
    name: 'Community Member',
    priceUsd: '0.00',
    features: [
      'Profile with bio, genres and social links',
      'Join and start discussions',
      'Upload tracks, mixes and sample packs',
      'Read The Beat Drop and use DJ.Bot',
    ],
  },
  {
    id: 'pro',
    name: 'Pro DJ/Creator',
    priceUsd: '9.99',
    features: ['Everything in Community Member', 'Pro badge on your profile and posts', 'Tip jar on your profile', 'Priority in the directory and search'],
  },
  {
    id: 'label',
    name: 'Label/Promoter Suite',
    priceUsd: '29.99',
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

/** The decrypted body of a web push: send-push encrypts it, the service worker shows it. */
export interface PushPayload {
  title: string;
  body: string;
  /** in-app path opened on click */
  url: string;
  /** repeats with the same tag replace each other on the device */
  tag: string;
}

/**
 * How much a member hears of a thread (or of every thread of a category): following, every reply;
 * normal, replies to them, quotes and mentions; muted, nothing. What discussion_reads.level and
 * category_notification_levels.level hold.
 */
export const NOTIFICATION_LEVELS = ['following', 'normal', 'muted'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];
