import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { metadata, optionalBool, optionalString, parseBody } from '../body';
import { inTransaction } from '../db';
import { clientIp, redirectParam, type AuthDeps } from '../deps';
import { takeOrRefuse } from '../limits';
import { badRequest, unprocessable } from '../errors';
import { ErrorCodes, Messages, type MailType } from '../messages';
import { PkceFlows } from '../pkce';
import { resolveRedirect } from '../redirects';
import { findUserByEmail, insertUser, type UserRow } from '../users';
import { validateEmail } from '../validation';
import { prepareVerificationMail } from '../verification';

const RecoverBody = z.object({ email: optionalString, code_challenge: optionalString, code_challenge_method: optionalString });
const ResendBody = z.object({
  email: optionalString,
  phone: optionalString,
  type: optionalString,
  code_challenge: optionalString,
  code_challenge_method: optionalString,
});
const OtpBody = z.object({
  email: optionalString,
  phone: optionalString,
  create_user: optionalBool,
  data: metadata,
  code_challenge: optionalString,
  code_challenge_method: optionalString,
});

/** The routes that only send a mail: password recovery, resending a confirmation, magic links. */
export function registerMailRequestRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const { ctx, mailer, pkce, limits } = deps;
  const settings = ctx.config.auth;

  /** Sends a mail whose budget the route has already reserved. */
  async function mailUser(req: FastifyRequest, user: UserRow, type: MailType, challenge: ReturnType<typeof PkceFlows.parse>, newEmail?: string) {
    const redirectTo = resolveRedirect(settings, redirectParam(req));
    const { mail } = await inTransaction(ctx.authDb, (db) => prepareVerificationMail(ctx, db, user, type, redirectTo, newEmail));
    pkce.remember(user.id, challenge);
    mailer.send(mail);
  }

  app.post('/recover', async (req) => {
    takeOrRefuse(limits.signInSignUps, clientIp(req));
    const body = parseBody(RecoverBody, req.body);
    const email = validateEmail(body.email);
    const challenge = PkceFlows.parse(body.code_challenge, body.code_challenge_method);
    // Unknown addresses spend the same budget and get the same answers (also the 429), so recovery cannot probe who is registered.
    mailer.reserve(email, req.ip);
    const user = await findUserByEmail(ctx.authDb, email);
    if (user) await mailUser(req, user, 'recovery', challenge);
    return {};
  });

  app.post('/resend', async (req) => {
    takeOrRefuse(limits.signInSignUps, clientIp(req));
    const body = parseBody(ResendBody, req.body);
    if (body.type !== 'signup' && body.type !== 'email_change') {
      throw badRequest(ErrorCodes.validationFailed, Messages.resendTypeMissing);
    }
    if (!body.email) throw badRequest(ErrorCodes.validationFailed, Messages.resendEmailMissing);
    const email = validateEmail(body.email);
    const challenge = PkceFlows.parse(body.code_challenge, body.code_challenge_method);
    // Nothing to resend answers (and counts) like a resend, so the endpoint cannot probe who is registered.
    mailer.reserve(email, req.ip);
    const user = await findUserByEmail(ctx.authDb, email);
    if (body.type === 'signup' && user && !user.email_confirmed_at) await mailUser(req, user, 'signup', challenge);
    if (body.type === 'email_change' && user?.email_change) await mailUser(req, user, 'email_change', challenge, user.email_change);
    return {};
  });

  async function magicLink(req: FastifyRequest) {
    takeOrRefuse(limits.signInSignUps, clientIp(req));
    const body = parseBody(OtpBody, req.body);
    if (body.phone && !body.email) throw badRequest(ErrorCodes.phoneProviderDisabled, Messages.phoneDisabled);
    const email = validateEmail(body.email);
    const challenge = PkceFlows.parse(body.code_challenge, body.code_challenge_method);
    const user = await findUserByEmail(ctx.authDb, email);
    if (!user) {
      if (body.create_user === false || !settings.enableSignup) {
        throw unprocessable(ErrorCodes.otpDisabled, Messages.otpSignupDisabled);
      }
      mailer.reserve(email, req.ip);
      const created = await inTransaction(ctx.authDb, async (db) => {
        const inserted = await insertUser(db, { email, encryptedPassword: null, userMetadata: body.data ?? {} });
        return prepareVerificationMail(ctx, db, inserted, 'signup', resolveRedirect(settings, redirectParam(req)));
      });
      pkce.remember(created.user.id, challenge);
      mailer.send(created.mail);
      return {};
    }
    mailer.reserve(email, req.ip);
    // An address not yet confirmed gets the signup confirmation, which signs in as well.
    await mailUser(req, user, user.email_confirmed_at ? 'magiclink' : 'signup', challenge);
    return {};
  }

  app.post('/otp', magicLink);
  app.post('/magiclink', magicLink);
}
