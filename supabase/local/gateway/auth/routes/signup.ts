import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { metadata, optionalString, parseBody } from '../body';
import { inTransaction, isUniqueViolation } from '../db';
import { clientIp, redirectParam, requestInfo, type AuthDeps } from '../deps';
import { takeOrRefuse } from '../limits';
import { anonymousDisabled } from './disabled';
import { AuthError, badRequest, forbidden, unprocessable } from '../errors';
import type { Mail } from '../mailer';
import { ErrorCodes, Messages } from '../messages';
import { checkPasswordStrength, passwordRules, hashPassword } from '../passwords';
import { PkceFlows } from '../pkce';
import { resolveRedirect } from '../redirects';
import { issueSession, type SessionResponse } from '../sessions';
import { findUserByEmail, insertUser, userJson, userJsonWithIdentities, type UserJson, type UserRow } from '../users';
import { validateEmail } from '../validation';
import { prepareVerificationMail } from '../verification';

const SignupBody = z.object({
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  data: metadata,
  code_challenge: optionalString,
  code_challenge_method: optionalString,
});

/**
 * GoTrue hides whether a confirmed address is registered when confirmations are on:
 * it answers with a made-up, unconfirmed user instead of an error.
 */
function obfuscatedUser(email: string, data: Record<string, unknown>): UserJson {
  const now = new Date();
  const fake: UserRow = {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    encrypted_password: null,
    email_confirmed_at: null,
    invited_at: null,
    confirmation_token: null,
    confirmation_sent_at: now,
    recovery_token: null,
    recovery_sent_at: null,
    email_change_token_new: null,
    email_change: null,
    email_change_sent_at: null,
    last_sign_in_at: null,
    raw_app_meta_data: { provider: 'email', providers: ['email'] },
    raw_user_meta_data: data,
    created_at: now,
    updated_at: now,
    phone: null,
    phone_confirmed_at: null,
    confirmed_at: null,
    banned_until: null,
    deleted_at: null,
    is_anonymous: false,
  };
  return userJson(fake, []);
}

/** SQLSTATEs a validation trigger raises for bad input: check violation, unique violation. */
const INPUT_REFUSALS = new Set(['23514', '23505']);

/**
 * The message of a validation trigger on another schema's table (the profile created for a new
 * user) refusing the sign-up's data; null for anything else, which stays a server error.
 */
function triggerRefusal(err: unknown): string | null {
  const e = err as { code?: string; schema?: string; message?: string; where?: string } | null;
  if (!e || !e.code || !INPUT_REFUSALS.has(e.code) || !e.message) return null;
  if (e.schema === 'auth') return null;
  // Raised from PL/pgSQL (a trigger), not a bare constraint whose message names internals.
  if (!e.where || !/PL\/pgSQL/.test(e.where)) return null;
  return e.message;
}

export function registerSignupRoute(app: FastifyInstance, deps: AuthDeps): void {
  const { ctx, mailer, pkce, limits } = deps;
  const settings = ctx.config.auth;

  app.post('/signup', async (req): Promise<SessionResponse | UserJson> => {
    if (!settings.enableSignup) throw forbidden(ErrorCodes.signupDisabled, Messages.signupDisabled);
    takeOrRefuse(limits.signInSignUps, clientIp(req));
    const body = parseBody(SignupBody, req.body);
    if (!body.email && !body.phone) throw anonymousDisabled();
    if (body.phone && !body.email) throw badRequest(ErrorCodes.phoneProviderDisabled, 'Phone signups are disabled');
    if (!body.email) throw badRequest(ErrorCodes.validationFailed, Messages.signupRequiresEmail);
    if (!body.password) throw badRequest(ErrorCodes.validationFailed, Messages.signupRequiresPassword);
    checkPasswordStrength(body.password, passwordRules(settings));
    const email = validateEmail(body.email);
    const challenge = PkceFlows.parse(body.code_challenge, body.code_challenge_method);
    const data = body.data ?? {};
    const redirectTo = resolveRedirect(settings, redirectParam(req));
    const autoconfirm = !settings.enableConfirmations;

    // With confirmations every sign-up costs a mail, whether or not the address is taken, so the 429 reveals nothing.
    if (!autoconfirm) mailer.reserve(email, req.ip);
    const existing = await findUserByEmail(ctx.authDb, email);
    if (existing) {
      if (autoconfirm) throw unprocessable(ErrorCodes.userAlreadyExists, Messages.userAlreadyRegistered);
      if (existing.email_confirmed_at) return obfuscatedUser(email, data);
    }
    const encryptedPassword = existing ? null : await hashPassword(body.password);

    let mail: Mail | null = null;
    const result = await inTransaction(ctx.authDb, async (db): Promise<SessionResponse | UserJson> => {
      let user: UserRow;
      if (existing) {
        // An unconfirmed address: resend the confirmation, but change nothing else (its owner is unproven).
        user = existing;
      } else {
        try {
          user = await insertUser(db, {
            email,
            encryptedPassword,
            userMetadata: data,
            emailConfirmedAt: autoconfirm ? new Date() : null,
          });
        } catch (err) {
          const pgErr = err as { schema?: string; table?: string };
          if (isUniqueViolation(err) && pgErr.schema === 'auth' && pgErr.table === 'users') {
            throw unprocessable(ErrorCodes.userAlreadyExists, Messages.userAlreadyRegistered);
          }
          // The app's profile trigger refuses bad sign-up data (a malformed or taken username) with a
          // readable message; that is the member's input, so it is a 422 they can act on, not GoTrue's 500.
          const refusal = triggerRefusal(err);
          if (refusal) throw unprocessable(ErrorCodes.validationFailed, refusal);
          console.error('[auth] signup insert failed:', (err as Error).message);
          throw new AuthError(500, ErrorCodes.unexpectedFailure, Messages.databaseErrorSavingUser);
        }
      }
      if (autoconfirm) return issueSession(ctx, db, user, 'password', requestInfo(req));
      const prepared = await prepareVerificationMail(ctx, db, user, 'signup', redirectTo);
      mail = prepared.mail;
      pkce.remember(user.id, challenge);
      return userJsonWithIdentities(db, prepared.user);
    });
    if (mail) mailer.send(mail);
    return result;
  });
}
