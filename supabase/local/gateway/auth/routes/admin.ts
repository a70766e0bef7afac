import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { metadata, optionalBool, optionalString, parseBody } from '../body';
import { inTransaction, isUniqueViolation } from '../db';
import { randomBytes } from 'node:crypto';
import { clientIp, redirectParam, type AuthDeps } from '../deps';
import type { Queryable } from '../db';
import { resolveRedirect } from '../redirects';
import { prepareVerificationMail } from '../verification';
import { badRequest, notFound, unprocessable } from '../errors';
import { requireAdmin } from '../guard';
import { DEFAULT_PER_PAGE, ErrorCodes, Messages, type MailType } from '../messages';
import { checkPasswordStrength, hashPassword, isBcryptHash, passwordRules, type PasswordRules } from '../passwords';
import { endSessions } from '../sessions';
import {
  DEFAULT_AUD,
  findUserByEmail,
  findUserById,
  insertUser,
  listIdentities,
  listUsers,
  mergeMetadata,
  updateEmailIdentity,
  updateUser,
  userJson,
  userJsonWithIdentities,
  type UserJson,
  type UserPatch,
  type UserRow,
} from '../users';
import { isUuid, parseGoDuration, validateEmail } from '../validation';

const UserAttributes = {
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  password_hash: optionalString,
  email_confirm: optionalBool,
  phone_confirm: optionalBool,
  user_metadata: metadata,
  app_metadata: metadata,
  role: optionalString,
  ban_duration: optionalString,
};
const CreateBody = z.object({ ...UserAttributes, id: optionalString });
const UpdateBody = z.object(UserAttributes);
const DeleteBody = z.object({ should_soft_delete: optionalBool });
const GenerateLinkBody = z.object({
  type: optionalString,
  email: optionalString,
  password: optionalString,
  data: metadata,
  new_email: optionalString,
  redirect_to: optionalString,
});
const InviteBody = z.object({ email: optionalString, data: metadata });

const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'] as const;
type LinkType = (typeof LINK_TYPES)[number];
const isLinkType = (value: string): value is LinkType => (LINK_TYPES as readonly string[]).includes(value);

/** GoTrue parses `page` and `per_page` as unsigned integers and refuses anything else. */
function paginationParam(raw: unknown, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const text = String(raw);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw badRequest(ErrorCodes.validationFailed, Messages.badPagination(text));
  }
  return Number(text);
}

/** `ban_duration`: "none" lifts a ban, a Go duration ("24h") bans until now plus that long. */
function bannedUntil(raw: string | null | undefined): Date | null | undefined {
  if (!raw) return undefined;
  if (raw === 'none') return null;
  const ms = parseGoDuration(raw);
  if (ms === null) throw badRequest(ErrorCodes.validationFailed, Messages.invalidBanDuration(raw));
  return new Date(Date.now() + ms);
}

async function passwordColumn(password: string | null | undefined, passwordHash: string | null | undefined, rules: PasswordRules) {
  if (passwordHash) {
    if (!isBcryptHash(passwordHash)) throw badRequest(ErrorCodes.validationFailed, Messages.invalidPasswordHash);
    return passwordHash;
  }
  if (password === undefined || password === null) return undefined;
  checkPasswordStrength(password, rules);
  return hashPassword(password);
}

/** Service-role endpoints supabase-js exposes as `auth.admin.*` (seeding and tests use them). */
export function registerAdminRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const { ctx } = deps;
  const rules = passwordRules(ctx.config.auth);

  async function loadUser(id: string): Promise<UserRow> {
    if (!isUuid(id)) throw badRequest(ErrorCodes.validationFailed, Messages.userIdNotUuid);
    const user = await findUserById(ctx.authDb, id);
    if (!user) throw notFound(ErrorCodes.userNotFound, Messages.userNotFound);
    return user;
  }

  app.get('/admin/users', async (req, reply) => {
    await requireAdmin(ctx, req);
    const query = req.query as Record<string, unknown>;
    const page = Math.max(1, paginationParam(query.page, 1));
    const perPage = Math.min(1000, Math.max(1, paginationParam(query.per_page, DEFAULT_PER_PAGE)));
    const { users, total } = await listUsers(ctx.authDb, perPage, (page - 1) * perPage);
    const identities = await listIdentities(
      ctx.authDb,
      users.map((u) => u.id),
    );
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const links: string[] = [];
    if (page < lastPage) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
    reply.header('x-total-count', String(total)).header('link', links.join(', '));
    return { users: users.map((u) => userJson(u, identities.get(u.id) ?? [])), aud: DEFAULT_AUD };
  });

  app.post('/admin/users', async (req): Promise<UserJson> => {
    await requireAdmin(ctx, req);
    const body = parseBody(CreateBody, req.body);
    if (!body.email) {
      throw badRequest(ErrorCodes.validationFailed, body.phone ? Messages.phoneDisabled : Messages.adminUserNeedsEmail);
    }
    const email = validateEmail(body.email);
    if (body.id && !isUuid(body.id)) throw badRequest(ErrorCodes.validationFailed, Messages.userIdNotUuid);
    if (await findUserByEmail(ctx.authDb, email)) throw unprocessable(ErrorCodes.emailExists, Messages.emailExists);
    const encryptedPassword = (await passwordColumn(body.password, body.password_hash, rules)) ?? null;
    const banned = bannedUntil(body.ban_duration);
    try {
      return await inTransaction(ctx.authDb, async (db) => {
        const user = await insertUser(db, {
          id: body.id ?? undefined,
          email,
          encryptedPassword,
          userMetadata: body.user_metadata ?? {},
          // The admin's metadata is kept exactly as given; identity facts live on the identity.
          identityFactsInMetadata: false,
          appMetadata: body.app_metadata ?? {},
          role: body.role ?? undefined,
          emailConfirmedAt: body.email_confirm ? new Date() : null,
          bannedUntil: banned ?? null,
        });
        return userJsonWithIdentities(db, user);
      });
    } catch (err) {
      if (isUniqueViolation(err) && (err as { table?: string }).table === 'users') {
        throw unprocessable(ErrorCodes.emailExists, Messages.emailExists);
      }
      throw err;
    }
  });

  /** A user created by an admin link or invite: no password unless given, unconfirmed until the link is followed. */
  async function createUnconfirmed(db: Queryable, email: string, password: string | null, data: Record<string, unknown>): Promise<UserRow> {
    try {
      // GoTrue keeps exactly the given data as user_metadata here; only /signup adds the identity's facts.
      return await insertUser(db, {
        email,
        encryptedPassword: password ? await hashPassword(password) : null,
        userMetadata: data,
        identityFactsInMetadata: false,
      });
    } catch (err) {
      if (isUniqueViolation(err) && (err as { table?: string }).table === 'users') {
        throw unprocessable(ErrorCodes.emailExists, Messages.emailExists);
      }
      throw err;
    }
  }

  // Makes the link (and code) a mail would carry without sending it, for custom mailers and tests.
  app.post('/admin/generate_link', async (req) => {
    await requireAdmin(ctx, req);
    const body = parseBody(GenerateLinkBody, req.body);
    const email = validateEmail(body.email);
    const redirectTo = resolveRedirect(ctx.config.auth, body.redirect_to ?? redirectParam(req));
    const requested = body.type ?? '';
    if (!isLinkType(requested)) throw badRequest(ErrorCodes.validationFailed, Messages.invalidLinkType(requested));
    let type: LinkType = requested;
    const existing = await findUserByEmail(ctx.authDb, email);
    let password = body.password ?? null;
    if (!existing) {
      if (type === 'magiclink') {
        // A magic link for an unknown address signs it up, with a random password nobody knows.
        type = 'signup';
        password = randomBytes(32).toString('base64url');
      } else if (type === 'recovery' || type === 'email_change_current' || type === 'email_change_new') {
        throw notFound(ErrorCodes.userNotFound, Messages.userWithEmailNotFound);
      }
    }
    if (type === 'email_change_current') throw badRequest(ErrorCodes.validationFailed, Messages.secureEmailChangeDisabled);
    if (type === 'signup' && !existing) {
      if (!password) throw badRequest(ErrorCodes.validationFailed, Messages.signupRequiresPassword);
      checkPasswordStrength(password, rules);
    }
    if ((type === 'signup' || type === 'invite') && existing?.email_confirmed_at) {
      throw unprocessable(ErrorCodes.emailExists, Messages.emailExists);
    }
    const newEmail = type === 'email_change_new' ? validateEmail(body.new_email) : undefined;
    if (newEmail) {
      const taken = await findUserByEmail(ctx.authDb, newEmail);
      if (taken && taken.id !== existing?.id) throw unprocessable(ErrorCodes.emailExists, Messages.emailExists);
    }
    const mailType: MailType = type === 'email_change_new' ? 'email_change' : type;
    const { user, mail } = await inTransaction(ctx.authDb, async (db) => {
      let target = existing;
      if (!target) target = await createUnconfirmed(db, email, type === 'signup' ? password : null, body.data ?? {});
      else if (type === 'signup' && body.data) {
        target = await updateUser(db, target.id, { raw_user_meta_data: mergeMetadata(target.raw_user_meta_data, body.data) });
      }
      return prepareVerificationMail(ctx, db, target, mailType, redirectTo, newEmail);
    });
    const json = await userJsonWithIdentities(ctx.authDb, user);
    return {
      ...json,
      action_link: mail.link,
      email_otp: mail.code,
      hashed_token: new URL(mail.link).searchParams.get('token') ?? '',
      verification_type: type,
      redirect_to: redirectTo,
    };
  });

  app.post('/invite', async (req): Promise<UserJson> => {
    await requireAdmin(ctx, req);
    const body = parseBody(InviteBody, req.body);
    const email = validateEmail(body.email);
    const existing = await findUserByEmail(ctx.authDb, email);
    if (existing?.email_confirmed_at) throw unprocessable(ErrorCodes.emailExists, Messages.emailExists);
    deps.mailer.reserve(email, clientIp(req));
    const redirectTo = resolveRedirect(ctx.config.auth, redirectParam(req));
    const { user, mail } = await inTransaction(ctx.authDb, async (db) => {
      const target = existing ?? (await createUnconfirmed(db, email, null, body.data ?? {}));
      return prepareVerificationMail(ctx, db, target, 'invite', redirectTo);
    });
    deps.mailer.send(mail);
    return userJsonWithIdentities(ctx.authDb, user);
  });

  app.get<{ Params: { id: string } }>('/admin/users/:id', async (req): Promise<UserJson> => {
    await requireAdmin(ctx, req);
    return userJsonWithIdentities(ctx.authDb, await loadUser(req.params.id));
  });

  app.put<{ Params: { id: string } }>('/admin/users/:id', async (req): Promise<UserJson> => {
    await requireAdmin(ctx, req);
    const user = await loadUser(req.params.id);
    const body = parseBody(UpdateBody, req.body);
    const patch: UserPatch = {};
    let newEmail: string | undefined;
    if (body.email) {
      newEmail = validateEmail(body.email);
      const taken = await findUserByEmail(ctx.authDb, newEmail);
      if (taken && taken.id !== user.id) throw unprocessable(ErrorCodes.emailExists, Messages.emailExists);
      patch.email = newEmail;
    }
    patch.encrypted_password = await passwordColumn(body.password, body.password_hash, rules);
    if (body.email_confirm && !user.email_confirmed_at) patch.email_confirmed_at = new Date();
    if (body.user_metadata) patch.raw_user_meta_data = mergeMetadata(user.raw_user_meta_data, body.user_metadata);
    if (body.app_metadata) patch.raw_app_meta_data = mergeMetadata(user.raw_app_meta_data, body.app_metadata);
    if (body.role) patch.role = body.role;
    patch.banned_until = bannedUntil(body.ban_duration);
    return inTransaction(ctx.authDb, async (db) => {
      const updated = await updateUser(db, user.id, patch);
      if (newEmail) await updateEmailIdentity(db, user.id, { email: newEmail });
      if (patch.email_confirmed_at) await updateEmailIdentity(db, user.id, { email_verified: true });
      // An admin-set password signs the user out everywhere (GoTrue's UpdatePassword without a session).
      if (patch.encrypted_password) await endSessions(db, user.id, undefined, 'global');
      return userJsonWithIdentities(db, updated);
    });
  });

  app.delete<{ Params: { id: string } }>('/admin/users/:id', async (req) => {
    await requireAdmin(ctx, req);
    const user = await loadUser(req.params.id);
    const body = parseBody(DeleteBody, req.body);
    await inTransaction(ctx.authDb, async (db) => {
      if (!body.should_soft_delete) {
        await db.query('delete from auth.users where id = $1', [user.id]);
        return;
      }
      // Soft delete keeps the row (and rows referencing it) but frees the address and ends every session.
      await endSessions(db, user.id, undefined, 'global');
      await db.query('delete from auth.identities where user_id = $1', [user.id]);
      await db.query(
        `update auth.users set deleted_at = now(), updated_at = now(), email = null, phone = null, encrypted_password = '',
                confirmation_token = '', recovery_token = '', email_change_token_new = '', email_change = '',
                raw_app_meta_data = '{}'::jsonb, raw_user_meta_data = '{}'::jsonb
          where id = $1`,
        [user.id],
      );
    });
    return {};
  });
}
