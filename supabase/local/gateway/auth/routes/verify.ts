import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { optionalString, parseBody } from '../body';
import { inTransaction } from '../db';
import { clientIp, redirectParam, requestInfo, type AuthDeps } from '../deps';
import { takeOrRefuse } from '../limits';
import { AuthError, badRequest, forbidden } from '../errors';
import { ErrorCodes, Messages } from '../messages';
import { smsOtpExpired } from './disabled';
import { resolveRedirect } from '../redirects';
import { issueSession, type SessionResponse } from '../sessions';
import { isBanned } from '../users';
import { consumeVerification, isVerifyType, VERIFY_METHOD, type VerifyRequest, type VerifyType } from '../verification';

/** E.164 digits once a leading `+` and spaces are dropped, as GoTrue normalises a phone number. */
const E164 = /^[1-9]\d{1,14}$/;

const VerifyBody = z.object({
  type: optionalString,
  token: optionalString,
  token_hash: optionalString,
  email: optionalString,
  phone: optionalString,
  redirect_to: optionalString,
});

function withFragment(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  url.hash = new URLSearchParams(params).toString();
  return url.toString();
}

function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

/** GET /verify (the e-mailed link) and POST /verify (verifyOtp) */
export function registerVerifyRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const { ctx, pkce, limits } = deps;
  const settings = ctx.config.auth;

  function checkType(type: string | null | undefined): VerifyType {
    if (!type) throw badRequest(ErrorCodes.validationFailed, Messages.verifyTypeMissing);
    if (!isVerifyType(type)) throw badRequest(ErrorCodes.validationFailed, Messages.verifyTypeUnsupported);
    return type;
  }

  /**
   * Applies a link or code and starts the session in one transaction; with a pending
   * PKCE challenge the answer is an auth code to exchange instead of a session.
   */
  async function verify(req: FastifyRequest, request: VerifyRequest, expiredMessage: string, allowPkce: boolean) {
    return inTransaction(ctx.authDb, async (db): Promise<{ code: string } | { session: SessionResponse }> => {
      const user = await consumeVerification(db, request);
      if (!user) throw forbidden(ErrorCodes.otpExpired, expiredMessage);
      if (isBanned(user)) throw badRequest(ErrorCodes.userBanned, Messages.userBanned);
      const method = VERIFY_METHOD[request.type];
      const code = allowPkce ? pkce.issueCode(user.id, method) : null;
      if (code) return { code };
      return { session: await issueSession(ctx, db, user, method, requestInfo(req)) };
    });
  }

  app.get('/verify', async (req, reply) => {
    takeOrRefuse(limits.verifications, clientIp(req));
    const query = req.query as Record<string, unknown>;
    const redirectTo = resolveRedirect(settings, redirectParam(req));
    try {
      const type = checkType(typeof query.type === 'string' ? query.type : undefined);
      const token = typeof query.token === 'string' ? query.token : '';
      if (!token) throw badRequest(ErrorCodes.validationFailed, Messages.verifyTokenMissing);
      const result = await verify(req, { type, tokenHash: token }, Messages.emailLinkExpired, true);
      if ('code' in result) return reply.redirect(withQuery(redirectTo, { code: result.code }), 303);
      const { session } = result;
      return reply.redirect(
        withFragment(redirectTo, {
          access_token: session.access_token,
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: session.refresh_token,
          token_type: session.token_type,
          type,
        }),
        303,
      );
    } catch (err) {
      if (!(err instanceof AuthError) || err.status >= 500) throw err;
      // Like GoTrue, a bad link lands on the app with the reason in the fragment rather than on a JSON page.
      return reply.redirect(
        withFragment(redirectTo, {
          error: err.status === 403 ? 'access_denied' : 'invalid_request',
          error_code: err.code,
          error_description: err.message,
        }),
        303,
      );
    }
  });

  app.post('/verify', async (req): Promise<SessionResponse> => {
    takeOrRefuse(limits.verifications, clientIp(req));
    const body = parseBody(VerifyBody, req.body);
    if (body.type === 'sms' || body.type === 'phone_change') {
      // GoTrue checks the number's form before looking for a code, so a malformed one is told apart from an unknown code.
      if (body.token && body.phone && !E164.test(body.phone.replace(/^\+/, '').replaceAll(' ', ''))) {
        throw badRequest(ErrorCodes.validationFailed, Messages.invalidPhone);
      }
      throw smsOtpExpired();
    }
    const type = checkType(body.type);
    if (body.phone && !body.email) throw badRequest(ErrorCodes.phoneProviderDisabled, Messages.phoneDisabled);
    let request: VerifyRequest;
    if (body.token_hash) request = { type, tokenHash: body.token_hash };
    else if (body.token && body.email) request = { type, code: body.token, email: body.email };
    else throw badRequest(ErrorCodes.validationFailed, Messages.verifyTokenMissing);
    const result = await verify(req, request, Messages.otpExpired, false);
    if ('code' in result) throw new Error('unreachable: POST /verify never uses PKCE');
    return result.session;
  });
}
