import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { GatewayContext } from '../context';
import type { Claims } from '../jwt';
import { CommitThenFail, inTransaction, type Queryable } from './db';
import { badRequest, OAuthError } from './errors';
import { ErrorCodes, Messages } from './messages';
import {
  appMetadataOf,
  DEFAULT_AUD,
  DEFAULT_ROLE,
  findUserById,
  INSTANCE_ID,
  isBanned,
  userJsonWithIdentities,
  userMetadataOf,
  type UserJson,
  type UserRow,
} from './users';

/** How a session was started; GoTrue's AuthenticationMethod names, shown to clients in the `amr` claim. */
export type AuthMethod = 'password' | 'otp' | 'magiclink' | 'recovery' | 'invite' | 'email/signup' | 'email_change' | 'pkce';

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
}

/**
 * GoTrue keeps each session's sign-in methods in auth.mfa_amr_claims; bootstrap.sql
 * predates this server, so the table is created here when missing (same columns as GoTrue's).
 */
export async function ensureAmrTable(db: Queryable): Promise<void> {
  await db.query(`
    create table if not exists auth.mfa_amr_claims (
      session_id uuid not null references auth.sessions (id) on delete cascade,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      authentication_method text not null,
      id uuid primary key,
      unique (session_id, authentication_method)
    )`);
}

const newRefreshToken = (): string => randomBytes(16).toString('base64url');

interface AmrRow {
  authentication_method: string;
  created_at: Date;
}

async function amrOf(db: Queryable, sessionId: string): Promise<Array<{ method: string; timestamp: number }>> {
  const { rows } = await db.query<AmrRow>('select authentication_method, created_at from auth.mfa_amr_claims where session_id = $1 order by created_at desc', [
    sessionId,
  ]);
  return rows.map((r) => ({ method: r.authentication_method, timestamp: Math.floor(r.created_at.getTime() / 1000) }));
}

/** The access token GoTrue signs: same claims, HS256 with the stack secret. */
async function accessToken(ctx: GatewayContext, db: Queryable, user: UserRow, sessionId: string) {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.config.auth.jwtExpiry;
  const claims: Claims = {
    iss: `${ctx.config.apiUrl}/auth/v1`,
    sub: user.id,
    aud: user.aud ?? DEFAULT_AUD,
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: appMetadataOf(user),
    user_metadata: userMetadataOf(user),
    role: user.role ?? DEFAULT_ROLE,
    aal: 'aal1',
    amr: await amrOf(db, sessionId),
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  return { token: await ctx.jwt.sign(claims), exp };
}

async function sessionResponse(ctx: GatewayContext, db: Queryable, user: UserRow, sessionId: string, refreshToken: string): Promise<SessionResponse> {
  const { token, exp } = await accessToken(ctx, db, user, sessionId);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.config.auth.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await userJsonWithIdentities(db, user),
  };
}

export interface RequestInfo {
  userAgent?: string;
  ip?: string;
}

/** Starts a session for a user who just proved who they are (GoTrue's IssueRefreshToken). */
export async function issueSession(ctx: GatewayContext, db: Queryable, user: UserRow, method: AuthMethod, info: RequestInfo = {}): Promise<SessionResponse> {
  const sessionId = randomUUID();
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4)`,
    [sessionId, user.id, info.userAgent ?? null, info.ip ?? null],
  );
  await db.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), $3)`,
    [randomUUID(), sessionId, method],
  );
  const refreshToken = newRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, $3, false, now(), now(), null, $4)`,
    [INSTANCE_ID, refreshToken, user.id, sessionId],
  );
  const { rows } = await db.query<UserRow>(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning *`, [user.id]);
  await db.query(`update auth.identities set last_sign_in_at = now() where user_id = $1`, [user.id]);
  return sessionResponse(ctx, db, rows[0] ?? user, sessionId, refreshToken);
}

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean | null;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
  not_after: Date | null;
  session_exists: boolean;
}

/**
 * The refresh_token grant with rotation, as GoTrue does it: each use revokes the
 * token and issues a child. A revoked token is accepted again only when it is the
 * parent of the session's current token (the client lost the last answer) or within
 * the reuse interval; otherwise the session and its whole token family are ended.
 */
export async function refreshSession(ctx: GatewayContext, pool: pg.Pool, refreshToken: string): Promise<SessionResponse> {
  if (!refreshToken) throw new OAuthError('invalid_request', Messages.refreshTokenRequired);
  return inTransaction(pool, async (db) => {
    const { rows } = await db.query<RefreshTokenRow>(
      `select rt.id, rt.token, rt.user_id, rt.revoked, rt.updated_at, rt.parent, rt.session_id,
              s.not_after, s.id is not null as session_exists
         from auth.refresh_tokens rt left join auth.sessions s on s.id = rt.session_id
        where rt.token = $1
        for update of rt`,
      [refreshToken],
    );
    const token = rows[0];
    if (!token) throw badRequest(ErrorCodes.refreshTokenNotFound, Messages.refreshTokenNotFound);
    const user = await findUserById(db, token.user_id);
    if (!user || user.deleted_at) throw badRequest(ErrorCodes.refreshTokenNotFound, Messages.refreshTokenNotFound);
    if (isBanned(user)) throw badRequest(ErrorCodes.userBanned, Messages.refreshTokenUserBanned);
    if (!token.session_id || !token.session_exists) {
      throw badRequest(ErrorCodes.sessionNotFound, 'Invalid Refresh Token: No Valid Session Found');
    }
    if (token.not_after && token.not_after < new Date()) {
      throw badRequest(ErrorCodes.sessionExpired, Messages.refreshTokenSessionExpired);
    }
    const sessionId = token.session_id;
    // Serialize refreshes of one session so two tabs cannot both rotate the same token.
    await db.query('select id from auth.sessions where id = $1 for update', [sessionId]);

    let issued: string | null = null;
    if (token.revoked) {
      const active = await db.query<{ token: string; parent: string | null }>(
        `select token, parent from auth.refresh_tokens
          where session_id = $1 and revoked = false order by id desc limit 1`,
        [sessionId],
      );
      const current = active.rows[0];
      if (current && current.parent === token.token) {
        issued = current.token;
      } else {
        const reuseUntil = token.updated_at.getTime() + ctx.config.auth.refreshTokenReuseInterval * 1000;
        if (Date.now() > reuseUntil) {
          // Reuse outside the window means the token leaked: end the whole session (its refresh tokens
          // cascade), so neither the thief nor the victim keeps a usable token. GoTrue only marks the
          // family revoked, which leaves just-revoked tokens usable within the reuse interval.
          await db.query('delete from auth.sessions where id = $1', [sessionId]);
          throw new CommitThenFail(badRequest(ErrorCodes.refreshTokenAlreadyUsed, Messages.refreshTokenAlreadyUsed));
        }
      }
    }
    if (!issued) {
      issued = newRefreshToken();
      await db.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [token.id]);
      await db.query(
        `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
         values ($1, $2, $3, false, now(), now(), $4, $5)`,
        [INSTANCE_ID, issued, user.id, token.token, sessionId],
      );
    }
    await db.query(`update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now() where id = $1`, [sessionId]);
    return sessionResponse(ctx, db, user, sessionId, issued);
  });
}

export async function sessionExists(db: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from auth.sessions where id = $1', [sessionId]);
  return rows.length > 0;
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Deleting sessions deletes their refresh tokens (foreign key cascade), so both stop working. */
export async function endSessions(db: Queryable, userId: string, sessionId: string | undefined, scope: LogoutScope): Promise<void> {
  if (scope === 'global') {
    await db.query('delete from auth.sessions where user_id = $1', [userId]);
  } else if (scope === 'local') {
    if (sessionId) await db.query('delete from auth.sessions where id = $1', [sessionId]);
  } else if (sessionId) {
    await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  } else {
    await db.query('delete from auth.sessions where user_id = $1', [userId]);
  }
}

/** Whether the user has a session that was started from `ip`: one of their own devices' addresses. */
export async function signedInFrom(db: Queryable, userId: string, ip: string): Promise<boolean> {
  const { rows } = await db.query(`select 1 from auth.sessions where user_id = $1 and ip = case when $2 ~ '^[0-9a-fA-F:.]+$' then $2::inet end limit 1`, [
    userId,
    ip,
  ]);
  return rows.length > 0;
}
