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
import { issueSession, refreshSession, signedInFrom, type SessionResponse } from '../sessions';
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
    const account = body.email.trim().toLowerCase();
    const ip = clientIp(req);
    const pair = `${account} ${ip}`;
    // Wrong passwords slow the address that typed them, with growing waits, even for the right one.
    if (limits.failedSignInsFromAddress.waitMs(pair) > 0) throw rateLimited();
    const user = await findUserByEmail(ctx.authDb, body.email);
    // Many wrong passwords from many addresses: only an address the account already has a session from
    // (its owner's devices) may still try one; anyone else waits, and the owner can always sign in with
    // an e-mailed link or code. So nobody can lock an owner out, and a spread-out guesser is stopped.
    // An unknown address is answered exactly like a registered one.
    if (!limits.failedSignIns.allows(account) && !(user && (await signedInFrom(ctx.authDb, user.id, ip)))) throw rateLimited();
    // One answer for "no such user" and "wrong password", so sign-in cannot probe which addresses exist.
    if (!user || !(await verifyPassword(body.password ?? '', user.encrypted_password))) {
      limits.failedSignInsFromAddress.fail(pair);
      limits.failedSignIns.record(account);
      throw badRequest(ErrorCodes.invalidCredentials, Messages.invalidCredentials);
    }
    limits.failedSignInsFromAddress.clear(pair);
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
