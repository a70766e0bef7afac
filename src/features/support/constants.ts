/** Texts of the tip page and the platform donation page. Tests import them. */
export const SUPPORT_MESSAGES = {
  tipTitle: 'Tip Creator',
  tipSubtitle: (name: string) => `Show ${name} some love for the music.`,
  cryptoHeading: 'Crypto address',
  paypalHeading: 'PayPal',
  copy: 'Copy',
  copied: 'Copied!',
  copiedDescription: 'Copied to your clipboard.',
  copyFailed: 'Could not copy. Select the text and copy it yourself.',
  openPaypal: 'Open PayPal',
  noTipJar: (name: string) => `${name} is not accepting tips right now.`,
  notFound: 'Profile Not Found',
  notOnDevice: "You're offline and this profile hasn't been saved on this device yet.",
  backToProfile: 'Back to profile',
  platformTitle: 'Support the Platform',
  platformSubtitle: 'Core features are free; the community is funded by donations.',
  paypalTab: 'PayPal',
  cryptoTab: 'Crypto',
  paypalIntro: 'Donate through PayPal to keep the servers spinning.',
  cryptoIntro: 'Prefer crypto? Use our hosted crypto checkout.',
  cryptoLink: 'Donate with Crypto',
  offlineDonate: "You're offline. The donation options load from the payment provider, so they appear once you're back online.",
  setUpTipJar: 'Set up your own Tip Jar',
  setUpTipJarIntro: 'Members can receive tips too.',
  /** Shown when the build names no PayPal button / crypto checkout (see DONATION_ENV). */
  paypalNotSetUp: 'PayPal donations are not set up on this server yet.',
  cryptoNotSetUp: 'Crypto donations are not set up on this server yet.',
} as const;

/** The payment provider's hosted donate button script (loaded only online). */
export const PAYPAL_DONATE_SCRIPT = 'https://www.paypalobjects.com/donate/sdk/donate-sdk.js';

/**
 * The platform's own donation accounts. The product names no PayPal button or
 * crypto checkout (only "a payment provider's donation script" and "a crypto
 * checkout link"), so each deployment sets them at build time. Unset, the
 * tab says donations are not set up instead of showing a button or link
 * that leads nowhere.
 */
export const DONATION_ENV = {
  /** PayPal's hosted_button_id of the platform's Donate button. */
  paypalButtonId: 'VITE_PAYPAL_DONATE_BUTTON_ID',
  /** An https URL of the platform's hosted crypto checkout page. */
  cryptoCheckoutUrl: 'VITE_CRYPTO_CHECKOUT_URL',
} as const;
