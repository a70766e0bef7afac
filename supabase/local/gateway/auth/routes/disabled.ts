import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { AuthError, badRequest, forbidden, notFound, OAuthError, unprocessable } from '../errors';
import type { AuthDeps } from '../deps';
import { requireUser } from '../guard';
import { ErrorCodes, Messages } from '../messages';

/**
 * Features a hosted project can switch on but this stack does not implement: their routes
 * answer with the errors GoTrue gives when the feature is off, so clients see a
 * "not enabled" they can handle instead of a bare 404.
 */
export function registerDisabledRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const { ctx } = deps;

  // OAuth providers (signInWithOAuth opens this URL): none is configured.
  app.get('/authorize', async () => {
    throw badRequest(ErrorCodes.validationFailed, Messages.providerNotEnabled);
  });
  const linkingDisabled = async (req: FastifyRequest) => {
    await requireUser(ctx, req);
    throw notFound(ErrorCodes.manualLinkingDisabled, Messages.manualLinkingDisabled);
  };
  app.get('/user/identities/authorize', linkingDisabled);
  // Unlinking is part of manual linking too: GoTrue refuses it before looking at the identity.
  app.delete('/user/identities/:id', linkingDisabled);

  // Multi-factor authentication: enrolling is off, so no factor ever exists.
  app.post('/factors', async (req) => {
    await requireUser(ctx, req);
    const type = (req.body as { factor_type?: unknown } | undefined)?.factor_type;
    if (type === 'phone') throw unprocessable(ErrorCodes.mfaPhoneEnrollDisabled, Messages.mfaPhoneEnrollDisabled);
    if (type === 'webauthn') throw unprocessable(ErrorCodes.mfaWebAuthnEnrollDisabled, Messages.mfaWebAuthnEnrollDisabled);
    throw unprocessable(ErrorCodes.mfaTotpEnrollDisabled, Messages.mfaTotpEnrollDisabled);
  });
  const noFactor = async (req: FastifyRequest) => {
    await requireUser(ctx, req);
    throw notFound(ErrorCodes.mfaFactorNotFound, Messages.mfaFactorNotFound);
  };
  app.post('/factors/:id/challenge', noFactor);
  app.post('/factors/:id/verify', noFactor);
  app.delete('/factors/:id', noFactor);

  // Enterprise SSO (SAML 2.0).
  const samlDisabled = async () => {
    throw notFound(ErrorCodes.samlProviderDisabled, Messages.samlDisabled);
  };
  app.post('/sso', samlDisabled);
  app.get('/sso/saml/metadata', samlDisabled);
  app.post('/sso/saml/acs', samlDisabled);
  app.get('/admin/sso/providers', samlDisabled);
  app.post('/admin/sso/providers', samlDisabled);

  // Passkeys and Supabase Auth as an OAuth server.
  app.all('/passkeys/*', async () => {
    throw notFound(ErrorCodes.passkeyDisabled, Messages.passkeysDisabled);
  });
  app.all('/oauth/*', async () => {
    throw notFound(ErrorCodes.featureDisabled, Messages.oauthServerDisabled);
  });
}

/** Issuers of the ID-token providers GoTrue knows; Apple and Azure tokens name their own. */
const ID_TOKEN_ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  snapchat: 'https://accounts.snapchat.com/accounts/oauth2/token',
  vercel_marketplace: 'https://marketplace.vercel.com',
  keycloak: '',
};
const ISSUER_IN_TOKEN: Record<string, string> = { apple: 'Apple', azure: 'Azure' };

/**
 * `grant_type=id_token` (signInWithIdToken): no OIDC provider is enabled here, so GoTrue's answer for a
 * disabled provider (400 `provider_disabled`), after the same checks of the request it makes first.
 */
export function idTokenGrantDisabled(body: unknown): AuthError | OAuthError {
  const params = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (key: string) => (typeof params[key] === 'string' ? (params[key] as string) : '');
  const [idToken, provider, clientId, issuer] = [text('id_token'), text('provider'), text('client_id'), text('issuer')];
  if (!idToken) return new OAuthError('invalid request', Messages.idTokenRequired);
  if (!provider && (!clientId || !issuer)) return new OAuthError('invalid request', Messages.idTokenProviderRequired);
  const inToken = ISSUER_IN_TOKEN[provider];
  if (inToken) {
    try {
      const iss = decodeJwt(idToken).iss;
      if (!iss) throw new Error('no issuer');
      return badRequest(ErrorCodes.providerDisabled, Messages.idTokenProviderDisabled(iss));
    } catch {
      return badRequest(ErrorCodes.validationFailed, Messages.idTokenIssuerUndetected(inToken));
    }
  }
  const known = provider ? ID_TOKEN_ISSUERS[provider] : Object.values(ID_TOKEN_ISSUERS).find((i) => i && i === issuer);
  if (known !== undefined) return badRequest(ErrorCodes.providerDisabled, Messages.idTokenProviderDisabled(known));
  return badRequest(ErrorCodes.validationFailed, Messages.customOidcNotAllowed(provider || issuer));
}

/** Phone sign-in is off, so no code sent by SMS exists: verifying one is GoTrue's "expired or invalid". */
export const smsOtpExpired = (): AuthError => forbidden(ErrorCodes.otpExpired, Messages.otpExpired);

/** Sign-up without an e-mail or phone is an anonymous sign-in, which is off. */
export const anonymousDisabled = (): AuthError => unprocessable(ErrorCodes.anonymousProviderDisabled, Messages.anonymousDisabled);
