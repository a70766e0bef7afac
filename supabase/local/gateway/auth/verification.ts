import type { GatewayContext } from '../context';
import type { Queryable } from './db';
import { unprocessable } from './errors';
import { composeMail, newEmailToken, tokenHash, type Mail } from './mailer';
import { EMAIL_OTP_EXPIRY_SECONDS, ErrorCodes, Messages, type MailType } from './messages';
import type { AuthMethod } from './sessions';
import { findUserByEmail, findUserByToken, mergeMetadata, updateEmailIdentity, updateUser, type TokenColumn, type UserPatch, type UserRow } from './users';

/** The `type` values /verify accepts; `email` is an e-mailed one-time code of either kind. */
export const VERIFY_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email'] as const;
export type VerifyType = (typeof VERIFY_TYPES)[number];
export const isVerifyType = (value: string): value is VerifyType => (VERIFY_TYPES as readonly string[]).includes(value);

const TOKEN_COLUMN: Record<MailType, TokenColumn> = {
  signup: 'confirmation_token',
  invite: 'confirmation_token',
  magiclink: 'recovery_token',
  recovery: 'recovery_token',
  email_change: 'email_change_token_new',
};

const SENT_AT: Record<MailType, 'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at'> = {
  signup: 'confirmation_sent_at',
  invite: 'confirmation_sent_at',
  magiclink: 'recovery_sent_at',
  recovery: 'recovery_sent_at',
  email_change: 'email_change_sent_at',
};

/** GoTrue's ParseAuthenticationMethod for each verification type */
export const VERIFY_METHOD: Record<VerifyType, AuthMethod> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
  email: 'otp',
};

export function verifyLink(ctx: GatewayContext, hash: string, type: MailType, redirectTo: string): string {
  const query = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
  return `${ctx.config.apiUrl}/auth/v1/verify?${query.toString()}`;
}

/**
 * Stores a fresh token for `type` on the user and composes the mail carrying it.
 * The caller reserves the e-mail quota first and sends the mail once its transaction commits.
 */
export async function prepareVerificationMail(
  ctx: GatewayContext,
  db: Queryable,
  user: UserRow,
  type: MailType,
  redirectTo: string,
  newEmail?: string,
): Promise<{ user: UserRow; mail: Mail }> {
  const to = type === 'email_change' ? (newEmail ?? '') : (user.email ?? '');
  const { code, hash } = newEmailToken(to);
  const patch: UserPatch = { [TOKEN_COLUMN[type]]: hash, [SENT_AT[type]]: new Date() };
  if (type === 'email_change') patch.email_change = to;
  if (type === 'invite') patch.invited_at = new Date();
  const updated = await updateUser(db, user.id, patch);
  const mail = composeMail(type, to, verifyLink(ctx, hash, type, redirectTo), code, { email: user.email ?? '', newEmail });
  return { user: updated, mail };
}

export interface VerifyRequest {
  type: VerifyType;
  /** the hash in an e-mailed link (`token` of GET /verify, `token_hash` of POST /verify) */
  tokenHash?: string;
  /** the e-mailed code, with the address it was sent to */
  code?: string;
  email?: string;
}

const expired = (sentAt: Date | null): boolean => !sentAt || Date.now() - sentAt.getTime() > EMAIL_OTP_EXPIRY_SECONDS * 1000;

async function findVerifiable(db: Queryable, request: VerifyRequest, mailType: MailType): Promise<UserRow | null> {
  const column = TOKEN_COLUMN[mailType];
  let user: UserRow | null = null;
  if (request.tokenHash) {
    user = await findUserByToken(db, column, request.tokenHash);
  } else if (request.code && request.email) {
    user = await findUserByToken(db, column, tokenHash(request.email, request.code));
    const addressed = mailType === 'email_change' ? user?.email_change : user?.email;
    if (user && addressed?.toLowerCase() !== request.email.toLowerCase()) user = null;
  }
  if (!user || expired(user[SENT_AT[mailType]])) return null;
  return user;
}

/** Finds the user a link or code belongs to and applies it (confirms, resets, changes e-mail); null when invalid or expired. */
export async function consumeVerification(db: Queryable, request: VerifyRequest): Promise<UserRow | null> {
  const candidates: MailType[] = request.type === 'email' ? ['signup', 'magiclink'] : [request.type];
  for (const mailType of candidates) {
    const user = await findVerifiable(db, request, mailType);
    if (user) return applyVerification(db, user, mailType);
  }
  return null;
}

async function applyVerification(db: Queryable, user: UserRow, mailType: MailType): Promise<UserRow> {
  const now = new Date();
  const verifiedMeta = mergeMetadata(user.raw_user_meta_data, { email_verified: true });
  if (mailType === 'email_change') {
    const newEmail = user.email_change ?? '';
    const taken = await findUserByEmail(db, newEmail);
    if (taken && taken.id !== user.id) throw unprocessable(ErrorCodes.emailExists, Messages.emailExists);
    await updateEmailIdentity(db, user.id, { email: newEmail, email_verified: true });
    return updateUser(db, user.id, {
      email: newEmail,
      email_change: '',
      email_change_token_new: '',
      email_confirmed_at: user.email_confirmed_at ?? now,
      raw_user_meta_data: mergeMetadata(verifiedMeta, { email: newEmail }),
    });
  }
  await updateEmailIdentity(db, user.id, { email_verified: true });
  return updateUser(db, user.id, {
    [TOKEN_COLUMN[mailType]]: '',
    email_confirmed_at: user.email_confirmed_at ?? now,
    raw_user_meta_data: verifiedMeta,
  });
}
