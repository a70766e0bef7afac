import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { optionalString, parseBody } from '../body';
import { inTransaction } from '../db';
import { clientIp, requestInfo, type AuthDeps } from '../deps';
import { rateLimited, takeOrRefuse } from '../limits';
import { badRequest, OAuthError, unprocessable } from '../errors';
import { ErrorCodes, Messages } from '../messages';
import { idTokenGrantDisabled } from './disabled';
import { verifyPassword } from '../passwords';
import { issueSession, refreshSession, type SessionResponse } from '../sessions';
import { findUserByEmail, findUserById, isBanned } from '../users';

const PasswordBody = z.object({ email: optionalString, phone: optionalString, password: optionalString });
const RefreshBody = z.object({ refresh_token: optionalString });
const PkceBody = z.object({ auth_code: optionalString, code_verifier: optionalString });

export function registerTokenRoute(app: FastifyInstance, deps: AuthDeps): void {
  const { ctx, limits } = deps;

  async function passwordGrant(req: FastifyRequest): Promise<SessionResponse> {
    const body = parseBody(PasswordBody, req.body);
    if (body.email && body.phone) throw unprocessable(ErrorCodes.validationFailed, Messages.emailAndPhoneOnLogin);
    if (!body.email && !body.phone) throw badRequest(ErrorCodes.validationFailed, Messages.missingEmailOrPhone);
    if (!body.email) throw badRequest(ErrorCodes.phoneProviderDisabled, Messages.phoneDisabled);
    // Too many wrong passwords for one address lock it for the window, even for the right password,
    // so guessing from many addresses at once gains nothing. Unknown addresses count the same way.
    const account = body.email.trim().toLowerCase();
    if (!limits.failedSignIns.allows(account)) throw rateLimited();
    const user = await findUserByEmail(ctx.authDb, body.email);
    // One answer for "no such user" and "wrong password", so sign-in cannot probe which addresses exist.
    if (!user || !(await verifyPassword(body.password ?? '', user.encrypted_password))) {
      limits.failedSignIns.record(account);
      throw badRequest(ErrorCodes.invalidCredentials, Messages.invalidCredentials);
    }
    if (isBanned(user)) throw badRequest(ErrorCodes.userBanned, Messages.userBanned);
    if (!user.email_confirmed_at) throw badRequest(ErrorCodes.emailNotConfirmed, Messages.emailNotConfirmed);
    return inTransaction(ctx.authDb, (db) => issueSession(ctx, db, user, 'password', requestInfo(req)));
  }

  async function pkceGrant(req: FastifyRequest): Promise<SessionResponse> {
    const body = parseBody(PkceBody, req.body);
    if (!body.auth_code || !body.code_verifier) {
      throw badRequest(ErrorCodes.validationFailed, 'invalid request: both auth code and code verifier should be non-empty');
    }
    const { userId, authMethod } = deps.pkce.exchange(body.auth_code, body.code_verifier);
    const user = await findUserById(ctx.authDb, userId);
    if (!user || user.deleted_at) throw badRequest(ErrorCodes.flowStateNotFound, Messages.flowStateNotFound);
    if (isBanned(user)) throw badRequest(ErrorCodes.userBanned, Messages.userBanned);
    return inTransaction(ctx.authDb, (db) => issueSession(ctx, db, user, authMethod, requestInfo(req)));
  }

  app.post('/token', async (req): Promise<SessionResponse> => {
    const grantType = (req.query as Record<string, unknown>).grant_type;
    switch (grantType) {
      case 'password':
        takeOrRefuse(limits.signInSignUps, clientIp(req));
        return passwordGrant(req);
      case 'refresh_token':
        takeOrRefuse(limits.tokenRefresh, clientIp(req));
        return refreshSession(ctx, ctx.authDb, parseBody(RefreshBody, req.body).refresh_token ?? '');
      case 'pkce':
        takeOrRefuse(limits.tokenRefresh, clientIp(req));
        return pkceGrant(req);
      case 'web3':
        throw unprocessable(ErrorCodes.web3ProviderDisabled, Messages.web3Disabled);
      case 'id_token':
        throw idTokenGrantDisabled(req.body);
      default:
        throw new OAuthError('unsupported_grant_type', '');
    }
  });
}
