import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { metadata, optionalString, parseBody } from '../body';
import { inTransaction } from '../db';
import { clientIp, redirectParam, type AuthDeps } from '../deps';
import { badRequest, unprocessable } from '../errors';
import { requireUser } from '../guard';
import { reauthenticationMail, type Mail } from '../mailer';
import { ErrorCodes, Messages, RECENT_SIGN_IN_MS } from '../messages';
import { checkPasswordStrength, passwordRules, hashPassword, verifyPassword } from '../passwords';
import { PkceFlows } from '../pkce';
import { resolveRedirect } from '../redirects';
import { endSessions, type LogoutScope } from '../sessions';
import { findUserByEmail, mergeMetadata, updateUser, userJsonWithIdentities, type UserJson } from '../users';
import { validateEmail } from '../validation';
import { prepareVerificationMail } from '../verification';

const UpdateBody = z.object({
  email: optionalString,
  password: optionalString,
  data: metadata,
  nonce: optionalString,
  phone: optionalString,
  code_challenge: optionalString,
  code_challenge_method: optionalString,
});

const LOGOUT_SCOPES: readonly LogoutScope[] = ['global', 'local', 'others'];

export function registerUserRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const { ctx, mailer, pkce, reauth } = deps;
  const settings = ctx.config.auth;

  app.get('/user', async (req): Promise<UserJson> => {
    const { user } = await requireUser(ctx, req);
    return userJsonWithIdentities(ctx.authDb, user);
  });

  app.put('/user', async (req): Promise<UserJson> => {
    const { user, sessionId } = await requireUser(ctx, req);
    const body = parseBody(UpdateBody, req.body);
    if (body.phone) throw badRequest(ErrorCodes.phoneProviderDisabled, 'Phone updates are disabled');

    const password = body.password ?? undefined;
    let nonceUsed = false;
    if (password !== undefined) {
      if (settings.securePasswordChange && !(await signedInRecently(sessionId))) {
        if (!body.nonce) throw badRequest(ErrorCodes.reauthenticationNeeded, Messages.reauthenticationNeeded);
        reauth.check(user.id, user.email ?? '', body.nonce);
        nonceUsed = true;
      }
      checkPasswordStrength(password, passwordRules(settings));
      if (await verifyPassword(password, user.encrypted_password)) {
        throw unprocessable(ErrorCodes.samePassword, Messages.samePassword);
      }
    }
    let newEmail: string | undefined;
    if (body.email) {
      const email = validateEmail(body.email);
      if (email !== (user.email ?? '').toLowerCase()) {
        const taken = await findUserByEmail(ctx.authDb, email);
        if (taken && taken.id !== user.id) throw unprocessable(ErrorCodes.emailExists, Messages.emailExists);
        newEmail = email;
      }
    }
    const challenge = newEmail ? PkceFlows.parse(body.code_challenge, body.code_challenge_method) : null;
    if (newEmail) mailer.reserve(newEmail, req.ip);
    const encryptedPassword = password !== undefined ? await hashPassword(password) : undefined;

    let mail: Mail | null = null;
    const updated = await inTransaction(ctx.authDb, async (db) => {
      let current = await updateUser(db, user.id, {
        encrypted_password: encryptedPassword,
        raw_user_meta_data: body.data ? mergeMetadata(user.raw_user_meta_data, body.data) : undefined,
      });
      // A new password signs out every other session, as GoTrue's UpdatePassword does.
      if (encryptedPassword) await endSessions(db, user.id, sessionId, 'others');
      if (newEmail) {
        // Every e-mail change is confirmed through a link sent to the new address.
        const prepared = await prepareVerificationMail(ctx, db, current, 'email_change', resolveRedirect(settings, redirectParam(req)), newEmail);
        current = prepared.user;
        mail = prepared.mail;
        pkce.remember(user.id, challenge);
      }
      return userJsonWithIdentities(db, current);
    });
    if (nonceUsed) reauth.consume(user.id);
    if (mail) mailer.send(mail);
    return updated;
  });

  /** A session started within the last day may change its password without a code (GoTrue's rule). */
  async function signedInRecently(sessionId: string | undefined): Promise<boolean> {
    if (!sessionId) return false;
    const { rows } = await ctx.authDb.query<{ created_at: Date }>('select created_at from auth.sessions where id = $1', [sessionId]);
    const createdAt = rows[0]?.created_at;
    return createdAt !== undefined && Date.now() - createdAt.getTime() <= RECENT_SIGN_IN_MS;
  }

  app.get('/reauthenticate', async (req) => {
    const { user } = await requireUser(ctx, req);
    if (!user.email) throw badRequest(ErrorCodes.validationFailed, Messages.reauthenticationNeedsEmail);
    if (!user.email_confirmed_at) throw unprocessable(ErrorCodes.emailNotConfirmed, Messages.verifyEmailFirst);
    mailer.reserve(user.email, clientIp(req));
    mailer.send(reauthenticationMail(user.email, reauth.issue(user.id, user.email)));
    return {};
  });

  app.post('/logout', async (req, reply) => {
    const { user, sessionId } = await requireUser(ctx, req);
    const raw = (req.query as Record<string, unknown>).scope;
    const scope = typeof raw === 'string' && raw ? raw : 'global';
    if (!LOGOUT_SCOPES.includes(scope as LogoutScope)) {
      throw badRequest(ErrorCodes.validationFailed, Messages.logoutScope(scope));
    }
    await endSessions(ctx.authDb, user.id, sessionId, scope as LogoutScope);
    return reply.code(204).send();
  });
}
