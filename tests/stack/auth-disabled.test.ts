import { describe, expect, it } from 'vitest';
import { ErrorCodes, Messages } from '../../supabase/local/gateway/auth/messages';
import { anonClient, newMember, testStack } from '../support/clients';

/** A raw call, for routes supabase-js only builds a URL for (the browser opens them). */
async function authGet(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const { apiUrl } = testStack();
  const res = await fetch(`${apiUrl}/auth/v1${path}`, { headers: { 'x-supabase-api-version': '2024-01-01' }, redirect: 'manual' });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('features this stack leaves off answer as GoTrue does when they are off', () => {
  it('anonymous sign-in: 422 anonymous_provider_disabled', async () => {
    const { data, error } = await anonClient().auth.signInAnonymously();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe(ErrorCodes.anonymousProviderDisabled);
    expect(error?.message).toBe(Messages.anonymousDisabled);
    expect(data.session).toBeNull();
  });

  it('OAuth providers: /authorize answers 400 "provider is not enabled", not 404', async () => {
    const { data } = await anonClient().auth.signInWithOAuth({ provider: 'github', options: { skipBrowserRedirect: true } });
    const url = new URL(data.url ?? '');
    const { status, body } = await authGet(`/authorize${url.search}`);
    expect(status).toBe(400);
    expect(body).toEqual({ code: ErrorCodes.validationFailed, message: Messages.providerNotEnabled });
  });

  it('MFA: enrolling is refused with 422 and a factor is never found', async () => {
    const member = await newMember('mfa');
    const totp = await member.client.auth.mfa.enroll({ factorType: 'totp' });
    expect(totp.error?.status).toBe(422);
    expect(totp.error?.code).toBe(ErrorCodes.mfaTotpEnrollDisabled);
    expect(totp.error?.message).toBe(Messages.mfaTotpEnrollDisabled);
    const phone = await member.client.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    expect(phone.error?.code).toBe(ErrorCodes.mfaPhoneEnrollDisabled);
    const challenge = await member.client.auth.mfa.challenge({ factorId: '00000000-0000-0000-0000-000000000000' });
    expect(challenge.error?.status).toBe(404);
    expect(challenge.error?.code).toBe(ErrorCodes.mfaFactorNotFound);
    const factors = await member.client.auth.mfa.listFactors();
    expect(factors.error).toBeNull();
    expect(factors.data?.all).toEqual([]);
  });

  it('SSO: 404 saml_provider_disabled', async () => {
    const { error } = await anonClient().auth.signInWithSSO({ domain: 'example.com' });
    expect(error?.status).toBe(404);
    expect(error?.code).toBe(ErrorCodes.samlProviderDisabled);
    expect(error?.message).toBe(Messages.samlDisabled);
  });

  it('phone sign-in: 400 phone_provider_disabled, and the gateway keeps serving', async () => {
    const { error } = await anonClient().auth.signInWithOtp({ phone: '+15555550100' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe(ErrorCodes.phoneProviderDisabled);
    expect((await authGet('/health')).status).toBe(200);
  });

  it('verifying an SMS code: 403 otp_expired, as no code was ever sent', async () => {
    const { error } = await anonClient().auth.verifyOtp({ phone: '+15555550100', token: '123456', type: 'sms' });
    expect(error?.status).toBe(403);
    expect(error?.code).toBe(ErrorCodes.otpExpired);
    expect(error?.message).toBe(Messages.otpExpired);
    // A number that is not E.164 is refused for its form first, as GoTrue does.
    const malformed = await anonClient().auth.verifyOtp({ phone: '+1555555-invalid', token: '123456', type: 'sms' });
    expect(malformed.error?.status).toBe(400);
    expect(malformed.error?.code).toBe(ErrorCodes.validationFailed);
    expect(malformed.error?.message).toBe(Messages.invalidPhone);
  });

  it('unlinking an identity: 404 manual_linking_disabled', async () => {
    const member = await newMember('unlink');
    const { data } = await member.client.auth.getUserIdentities();
    const identity = data!.identities[0]!;
    const { error } = await member.client.auth.unlinkIdentity(identity);
    expect(error?.status).toBe(404);
    expect(error?.code).toBe(ErrorCodes.manualLinkingDisabled);
    expect((await member.client.auth.getUserIdentities()).data?.identities).toHaveLength(1);
  });

  it('signing in with an ID token: 400 provider_disabled, naming the issuer', async () => {
    const { error } = await anonClient().auth.signInWithIdToken({ provider: 'google', token: 'header.payload.signature' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe(ErrorCodes.providerDisabled);
    expect(error?.message).toBe(Messages.idTokenProviderDisabled('https://accounts.google.com'));
  });
});
