import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { metadata, optionalBool, optionalString, parseBody } from '../body';
import { inTransaction, isUniqueViolation } from '../db';
import type { AuthDeps } from '../deps';
import { badRequest, notFound, unprocessable } from '../errors';
import { requireAdmin } from '../guard';
import { DEFAULT_PER_PAGE, ErrorCodes, Messages } from '../messages';
import { checkPasswordStrength, hashPassword, isBcryptHash } from '../passwords';
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

/** `ban_duration`: "none" lifts a ban, a Go duration ("24h") bans until now plus that long. */
function bannedUntil(raw: string | null | undefined): Date | null | undefined {
  if (!raw) return undefined;
  if (raw === 'none') return null;
  const ms = parseGoDuration(raw);
  if (ms === null) throw badRequest(ErrorCodes.validationFailed, Messages.invalidBanDuration(raw));
  return new Date(Date.now() + ms);
}

async function passwordColumn(password: string | null | undefined, passwordHash: string | null | undefined, minLength: number) {
  if (passwordHash) {
    if (!isBcryptHash(passwordHash)) throw badRequest(ErrorCodes.validationFailed, Messages.invalidPasswordHash);
    return passwordHash;
  }
  if (password === undefined || password === null) return undefined;
  checkPasswordStrength(password, minLength);
  return hashPassword(password);
}

/** Service-role endpoints supabase-js exposes as `auth.admin.*` (seeding and tests use them). */
export function registerAdminRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const { ctx } = deps;
  const minLength = ctx.config.auth.minimumPasswordLength;

  async function loadUser(id: string): Promise<UserRow> {
    if (!isUuid(id)) throw badRequest(ErrorCodes.validationFailed, Messages.userIdNotUuid);
    const user = await findUserById(ctx.authDb, id);
    if (!user) throw notFound(ErrorCodes.userNotFound, Messages.userNotFound);
    return user;
  }

  app.get('/admin/users', async (req, reply) => {
    await requireAdmin(ctx, req);
    const query = req.query as Record<string, unknown>;
    const page = Math.max(1, Number.parseInt(String(query.page ?? ''), 10) || 1);
    const perPage = Math.min(1000, Math.max(1, Number.parseInt(String(query.per_page ?? ''), 10) || DEFAULT_PER_PAGE));
    const { users, total } = await listUsers(ctx.authDb, perPage, (page - 1) * perPage);
    const identities = await listIdentities(ctx.authDb, users.map((u) => u.id));
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
    const encryptedPassword = (await passwordColumn(body.password, body.password_hash, minLength)) ?? null;
    const banned = bannedUntil(body.ban_duration);
    try {
      return await inTransaction(ctx.authDb, async (db) => {
        const user = await insertUser(db, {
          id: body.id ?? undefined,
          email,
          encryptedPassword,
          userMetadata: body.user_metadata ?? {},
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
    patch.encrypted_password = await passwordColumn(body.password, body.password_hash, minLength);
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
