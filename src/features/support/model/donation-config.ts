import { DONATION_ENV } from '../constants';

export type DonationConfig = {
  /** null: no PayPal button configured */
  paypalButtonId: string | null;
  /** null: no crypto checkout configured */
  cryptoCheckoutUrl: string | null;
};

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** A checkout the member leaves the app for must be https; anything else counts as not configured. */
function httpsUrl(value: unknown): string | null {
  const raw = text(value);
  if (!raw) return null;
  try {
    return new URL(raw).protocol === 'https:' ? raw : null;
  } catch {
    return null;
  }
}

/** Reads the platform's donation accounts from the build environment (see DONATION_ENV). */
export function donationConfig(env: Record<string, unknown>): DonationConfig {
  return {
    paypalButtonId: text(env[DONATION_ENV.paypalButtonId]),
    cryptoCheckoutUrl: httpsUrl(env[DONATION_ENV.cryptoCheckoutUrl]),
  };
}
