import { randomUUID } from 'node:crypto';
import type { Queryable } from './db';

/** A row of auth.users (GoTrue's schema). Seeds may leave most columns null. */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

/** Columns this server writes; the keys of an update patch. */
export type UserPatch = Partial<
  Pick<
    UserRow,
    | 'email'
    | 'encrypted_password'
    | 'email_confirmed_at'
    | 'invited_at'
    | 'confirmation_token'
    | 'confirmation_sent_at'
    | 'recovery_token'
    | 'recovery_sent_at'
    | 'email_change_token_new'
    | 'email_change'
    | 'email_change_sent_at'
    | 'last_sign_in_at'
    | 'raw_app_meta_data'
    | 'raw_user_meta_data'
    | 'role'
    | 'banned_until'
    | 'deleted_at'
    | 'phone'
  >
>;

export const DEFAULT_AUD = 'authenticated';
export const DEFAULT_ROLE = 'authenticated';
/** GoTrue keeps the all-zero instance id on every row */
export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, confirmation_token,
  confirmation_sent_at, recovery_token, recovery_sent_at, email_change_token_new, email_change, email_change_sent_at,
  last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, phone, phone_confirmed_at,
  confirmed_at, banned_until, deleted_at, is_anonymous`;

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and deleted_at is null limit 1`, [email]);
  return rows[0] ?? null;
}

export type TokenColumn = 'confirmation_token' | 'recovery_token' | 'email_change_token_new';

export async function findUserByToken(db: Queryable, column: TokenColumn, tokenHash: string): Promise<UserRow | null> {
  if (!tokenHash) return null;
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where ${column} = $1 and deleted_at is null limit 1 for update`, [
    tokenHash,
  ]);
  return rows[0] ?? null;
}

export async function listUsers(db: Queryable, limit: number, offset: number): Promise<{ users: UserRow[]; total: number }> {
  const [{ rows }, count] = await Promise.all([
    db.query<UserRow>(`select ${USER_COLUMNS} from auth.users order by created_at desc nulls last, id limit $1 offset $2`, [limit, offset]),
    db.query<{ total: string }>('select count(*) as total from auth.users'),
  ]);
  return { users: rows, total: Number(count.rows[0]?.total ?? 0) };
}

export async function listIdentities(db: Queryable, userIds: string[]): Promise<Map<string, IdentityRow[]>> {
  const byUser = new Map<string, IdentityRow[]>();
  if (userIds.length === 0) return byUser;
  const { rows } = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = any($1::uuid[]) order by created_at`,
    [userIds],
  );
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  return byUser;
}

export interface NewUser {
  id?: string;
  email: string;
  encryptedPassword: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  role?: string;
  emailConfirmedAt?: Date | null;
  bannedUntil?: Date | null;
  /** sign-up copies the identity's facts (sub, email, verified flags) into user_metadata, as GoTrue does; admin creation does not */
  identityFactsInMetadata?: boolean;
}

/** Inserts the user and its e-mail identity, as GoTrue's signup does. Database triggers on auth.users run here. */
export async function insertUser(db: Queryable, input: NewUser): Promise<UserRow> {
  const id = input.id ?? randomUUID();
  const verified = Boolean(input.emailConfirmedAt);
  const identityData = { sub: id, email: input.email, email_verified: verified, phone_verified: false };
  const appMetadata = { provider: 'email', providers: ['email'], ...(input.appMetadata ?? {}) };
  const userMetadata = input.identityFactsInMetadata === false ? { ...input.userMetadata } : { ...input.userMetadata, ...identityData };
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until, is_anonymous,
        confirmation_token, recovery_token, email_change_token_new, email_change)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now(), now(), $10, false, '', '', '', '')
     returning ${USER_COLUMNS}`,
    [
      INSTANCE_ID,
      id,
      DEFAULT_AUD,
      input.role ?? DEFAULT_ROLE,
      input.email,
      input.encryptedPassword,
      input.emailConfirmedAt ?? null,
      JSON.stringify(appMetadata),
      JSON.stringify(userMetadata),
      input.bannedUntil ?? null,
    ],
  );
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1, $2, $3, 'email', now(), now())`,
    [id, id, JSON.stringify(identityData)],
  );
  return rows[0];
}

export async function updateUser(db: Queryable, id: string, patch: UserPatch): Promise<UserRow> {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
  const sets = entries.map(([column], i) => `${column} = $${i + 2}`);
  const values = entries.map(([column, value]) => (column === 'raw_app_meta_data' || column === 'raw_user_meta_data' ? JSON.stringify(value) : value));
  const { rows } = await db.query<UserRow>(`update auth.users set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1 returning ${USER_COLUMNS}`, [
    id,
    ...values,
  ]);
  return rows[0];
}

/** Merges keys into the e-mail identity's data (e-mail verified, changed address). */
export async function updateEmailIdentity(db: Queryable, userId: string, patch: Record<string, unknown>): Promise<void> {
  await db.query(
    `update auth.identities set identity_data = identity_data || $2::jsonb, updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId, JSON.stringify(patch)],
  );
}

/** GoTrue's UpdateUserMetaData: keys set to null are removed, others replaced. */
export function mergeMetadata(current: Record<string, unknown> | null, patch: Record<string, unknown>): Record<string, unknown> {
  const next: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

export const isBanned = (user: UserRow, now = new Date()): boolean => user.banned_until !== null && user.banned_until > now;

export const appMetadataOf = (user: UserRow): Record<string, unknown> => ({
  provider: 'email',
  providers: ['email'],
  ...(user.raw_app_meta_data ?? {}),
});

export const userMetadataOf = (user: UserRow): Record<string, unknown> => ({ ...(user.raw_user_meta_data ?? {}) });

const iso = (d: Date | null | undefined): string | undefined => (d ? d.toISOString() : undefined);

function identityJson(row: IdentityRow) {
  return {
    identity_id: row.id,
    id: row.provider_id,
    user_id: row.user_id,
    identity_data: row.identity_data,
    provider: row.provider,
    last_sign_in_at: iso(row.last_sign_in_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    email: row.email ?? undefined,
  };
}

/** The user object GoTrue returns (models.User's JSON: optional timestamps are left out when unset). */
export function userJson(user: UserRow, identities: IdentityRow[] = []) {
  return {
    id: user.id,
    aud: user.aud ?? DEFAULT_AUD,
    role: user.role ?? DEFAULT_ROLE,
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at ?? user.email_confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: user.email_change ? iso(user.email_change_sent_at) : undefined,
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: appMetadataOf(user),
    user_metadata: userMetadataOf(user),
    identities: identities.map(identityJson),
    created_at: iso(user.created_at) ?? new Date(0).toISOString(),
    updated_at: iso(user.updated_at) ?? iso(user.created_at) ?? new Date(0).toISOString(),
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
    is_anonymous: user.is_anonymous,
  };
}
export type UserJson = ReturnType<typeof userJson>;

export async function userJsonWithIdentities(db: Queryable, user: UserRow): Promise<UserJson> {
  const identities = await listIdentities(db, [user.id]);
  return userJson(user, identities.get(user.id) ?? []);
}
