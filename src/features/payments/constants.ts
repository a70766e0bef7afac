/** Subscriptions and the payment result pages. Tiers and activation errors are shared with the payment function. */
export { TIERS, PAID_TIER_IDS, ACTIVATION_ERRORS, tierById, type TierId } from '../../../supabase/functions/_shared/app-contract';

export const PAYMENT_COUNTDOWN_SECONDS = 10;

export const PAYMENT_TEXTS = {
  subscriptionsTitle: 'Subscriptions',
  subscriptionsSubtitle: 'Support the circle and unlock more for your music.',
  currentTier: 'Your current tier',
  currentBadge: 'Current',
  perMonth: '/ month',
  free: 'Free',
  payWithPaypal: 'Pay with PayPal',
  payWithCrypto: 'Pay with Crypto',
  redirecting: 'Redirecting to PayPal...',
  cryptoTitle: 'Pay with crypto',
  cryptoBody:
    'Crypto payments go through Coinbase Commerce and are checked by the team by hand. Send us the tier you want and your transaction id through the contact page; we activate the tier once the payment is confirmed.',
  contactTeam: 'Contact the team',
  loginToSubscribe: 'Log in to subscribe',
  successTitle: 'Payment Successful!',
  successBody: 'Thank you for supporting the circle.',
  activating: 'Confirming your payment...',
  tierLabel: 'Tier',
  countdown: (s: number) => `Redirecting to your profile in ${s} second${s === 1 ? '' : 's'}...`,
  goToProfile: 'Go to My Profile Now',
  loginRequiredTitle: 'Login Required',
  loginRequiredBody: 'Please log in to confirm your subscription activation.',
  logIn: 'Log In',
  invalidTitle: 'Invalid Payment Information',
  invalidBody: 'We could not read the details of this payment. If you were charged, please contact support.',
  activationFailedBody: 'Your payment could not be activated yet. Please contact support with your transaction details.',
  cancelledTitle: 'Payment Cancelled',
  cancelledBody: 'Your payment process was cancelled. No charges were made.',
  backToSubscriptions: 'Back to Subscriptions',
} as const;

export const PAYMENT_TOASTS = {
  loginRequired: { title: 'Login Required', description: 'Please log in to confirm your subscription activation.' },
  tierMissing: { title: 'Activation Error', description: 'Could not determine the subscription tier. Please contact support.' },
  activationErrorTitle: 'Activation Error',
  activationErrorSuffix: 'Please contact support with your transaction details.',
  invalid: { title: 'Invalid Payment Information', description: 'The payment details are incomplete or invalid. Please contact support.' },
  unlocked: { title: 'Features Unlocked!', description: 'Your subscription is active. Enjoy!' },
  confirmed: { title: 'Payment Confirmed!', description: 'Thanks! Your crypto payment was received.' },
  orderFailedTitle: 'Payment Error',
} as const;
