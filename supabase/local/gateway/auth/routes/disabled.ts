import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuthError, badRequest, notFound, unprocessable } from '../errors';
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
  app.get('/user/identities/authorize', async (req) => {
    await requireUser(ctx, req);
    throw notFound(ErrorCodes.manualLinkingDisabled, Messages.manualLinkingDisabled);
  });

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

/** Sign-up without an e-mail or phone is an anonymous sign-in, which is off. */
export const anonymousDisabled = (): AuthError => unprocessable(ErrorCodes.anonymousProviderDisabled, Messages.anonymousDisabled);
