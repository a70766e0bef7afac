import type { FastifyInstance } from 'fastify';
import type { AuthDeps } from '../deps';

/** External providers GoTrue lists in /settings; only e-mail sign-in exists locally. */
const PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'zoom',
  'phone',
];

/** The public endpoints that describe the server: /settings, /health, /.well-known/jwks.json */
export function registerSettingsRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const settings = deps.ctx.config.auth;

  app.get('/settings', async () => ({
    external: { ...Object.fromEntries(PROVIDERS.map((p) => [p, false])), email: true },
    disable_signup: !settings.enableSignup,
    mailer_autoconfirm: !settings.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }));

  app.get('/health', async () => ({ version: 'local', name: 'GoTrue', description: 'GoTrue-compatible auth of the local stack' }));

  // Only the asymmetric keys' public halves: the legacy HS256 secret is never published. With none (tokens signed
  // with the secret), the list is empty and supabase-js's getClaims asks /user instead.
  app.get('/.well-known/jwks.json', async (_req, reply) => {
    void reply.header('cache-control', 'public, max-age=600');
    return { keys: deps.ctx.jwt.publicJwks() };
  });
}
