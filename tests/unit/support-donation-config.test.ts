import { describe, expect, it } from 'vitest';
import { DONATION_ENV } from '@/features/support/constants';
import { donationConfig } from '@/features/support/model/donation-config';

describe('platform donation accounts', () => {
  it('are not set up when the build names none', () => {
    expect(donationConfig({})).toEqual({ paypalButtonId: null, cryptoCheckoutUrl: null });
    expect(donationConfig({ [DONATION_ENV.paypalButtonId]: '  ', [DONATION_ENV.cryptoCheckoutUrl]: '' })).toEqual({
      paypalButtonId: null,
      cryptoCheckoutUrl: null,
    });
  });

  it('take the configured PayPal button id and https checkout URL', () => {
    expect(donationConfig({ [DONATION_ENV.paypalButtonId]: ' ABC123XYZ ', [DONATION_ENV.cryptoCheckoutUrl]: 'https://checkout.example/pay/djcircle' })).toEqual(
      {
        paypalButtonId: 'ABC123XYZ',
        cryptoCheckoutUrl: 'https://checkout.example/pay/djcircle',
      },
    );
  });

  it('refuse a checkout URL that is not https', () => {
    expect(donationConfig({ [DONATION_ENV.cryptoCheckoutUrl]: 'http://checkout.example/pay' }).cryptoCheckoutUrl).toBeNull();
    expect(donationConfig({ [DONATION_ENV.cryptoCheckoutUrl]: 'javascript:alert(1)' }).cryptoCheckoutUrl).toBeNull();
  });
});
