import { randomUUID } from 'node:crypto';
import { isAuthApiError, isAuthWeakPasswordError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { ErrorCodes, Messages } from '../../supabase/local/gateway/auth/messages';
import { AUTH_MESSAGES } from '../../src/features/auth/constants';
import { USERNAME_RULE_MESSAGE } from '../../src/lib/profile-rules';
import { anonClient, serviceClient, testStack, withDb } from '../support/clients';

const MIN_PASSWORD = 6;

function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

/** Usernames are unique across profiles (the profile trigger refuses a taken one), so each test makes its own. */
const uniqueUsername = (prefix: string): string => `${prefix}_${randomUUID().slice(0, 6)}`;

/** A raw call to /auth/v1, for answers supabase-js turns into a generic error. */
async function authFetch(path: string, init: RequestInit & { token?: string } = {}) {
  const { apiUrl, anonKey } = testStack();
  const headers: Record<string, string> = { apikey: anonKey, 'x-supabase-api-version': '2024-01-01' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body) headers['content-type'] = 'application/json';
  const res = await fetch(`${apiUrl}/auth/v1${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

describe('sign-up', () => {
  it('creates the account with options.data in user_metadata and signs the member in', async () => {
    const client = anonClient();
    const email = uniqueEmail('signup');
    const username = uniqueUsername('djnova');
    const { data, error } = await client.auth.signUp({
      email,
      password: 'correct-horse',
      options: { data: { username, display_name: 'DJ Nova', location: 'Berlin' } },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.token_type).toBe('bearer');
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata).toMatchObject({ username, display_name: 'DJ Nova', location: 'Berlin' });
    expect(data.user?.app_metadata).toMatchObject({ provider: 'email', providers: ['email'] });
    expect(data.user?.identities?.[0]?.provider).toBe('email');

    const stored = await withDb((db) => db.query('select raw_user_meta_data, encrypted_password from auth.users where id = $1', [data.user!.id]));
    expect(stored.rows[0].raw_user_meta_data).toMatchObject({ username });
    expect(stored.rows[0].encrypted_password).toMatch(/^\$2[ab]\$10\$/);
  });

  it('refuses a second account for the same e-mail with "User already registered"', async () => {
    const email = uniqueEmail('dup');
    const first = await anonClient().auth.signUp({ email, password: 'correct-horse' });
    expect(first.error).toBeNull();
    const again = await anonClient().auth.signUp({ email: email.toUpperCase(), password: 'another-pass' });
    expect(isAuthApiError(again.error)).toBe(true);
    expect(again.error?.message).toBe(Messages.userAlreadyRegistered);
    expect(again.error?.code).toBe(ErrorCodes.userAlreadyExists);
    expect(again.error?.status).toBe(422);
  });

  it('refuses a short password with AuthWeakPasswordError and its reasons', async () => {
    const { data, error } = await anonClient().auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
    expect(data.user).toBeNull();
    expect(isAuthWeakPasswordError(error)).toBe(true);
    if (!isAuthWeakPasswordError(error)) return;
    expect(error.reasons).toEqual(['length']);
    expect(error.message).toBe(Messages.weakPasswordLength(MIN_PASSWORD));
    expect(error.status).toBe(422);
  });

  it('refuses an invalid e-mail address with validation_failed', async () => {
    const { error } = await anonClient().auth.signUp({ email: 'not-an-address', password: 'correct-horse' });
    expect(error?.code).toBe(ErrorCodes.validationFailed);
    expect(error?.message).toBe(Messages.emailInvalid);
    expect(error?.status).toBe(400);
  });

  it('answers a malformed JSON body with a 400 JSON error', async () => {
    const res = await authFetch('/signup', { method: 'POST', body: '{"email": ' });
    expect(res.status).toBe(400);
    expect(res.body?.code).toBe(ErrorCodes.badJson);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });

  it('refuses auth calls without the project key', async () => {
    const { apiUrl } = testStack();
    const res = await fetch(`${apiUrl}/auth/v1/settings`);
    expect(res.status).toBe(401);
  });
});

describe('sign-in', () => {
  it('signs in with the right password and refuses a wrong one or an unknown address alike', async () => {
    const email = uniqueEmail('signin');
    await anonClient().auth.signUp({ email, password: 'correct-horse' });

    const ok = await anonClient().auth.signInWithPassword({ email, password: 'correct-horse' });
    expect(ok.error).toBeNull();
    expect(ok.data.user?.email).toBe(email);
    expect(ok.data.session?.expires_in).toBe(3600);

    for (const attempt of [
      { email, password: 'wrong-horse' },
      { email: uniqueEmail('nobody'), password: 'correct-horse' },
    ]) {
      const bad = await anonClient().auth.signInWithPassword(attempt);
      expect(bad.data.session).toBeNull();
      expect(bad.error?.message).toBe(Messages.invalidCredentials);
      expect(bad.error?.code).toBe(ErrorCodes.invalidCredentials);
      expect(bad.error?.status).toBe(400);
    }
  });

  it('accepts a seeded user whose password was hashed by pgcrypto', async () => {
    const email = uniqueEmail('seeded');
    const username = uniqueUsername('seeded');
    await withDb((db) =>
      db.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                                 raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1,
                 extensions.crypt('seeded-pass', extensions.gen_salt('bf')), now(),
                 '{"provider":"email","providers":["email"]}', jsonb_build_object('username', $2::text), now(), now())`,
        [email, username],
      ),
    );
    const { data, error } = await anonClient().auth.signInWithPassword({ email, password: 'seeded-pass' });
    expect(error).toBeNull();
    expect(data.user?.user_metadata.username).toBe(username);
  });

  it('refuses a banned member', async () => {
    const email = uniqueEmail('banned');
    const admin = serviceClient();
    const created = await admin.auth.admin.createUser({ email, password: 'correct-horse', email_confirm: true });
    expect(created.error).toBeNull();
    const banned = await admin.auth.admin.updateUserById(created.data.user!.id, { ban_duration: '24h' });
    expect(banned.error).toBeNull();
    const { error } = await anonClient().auth.signInWithPassword({ email, password: 'correct-horse' });
    expect(error?.code).toBe(ErrorCodes.userBanned);
  });
});

describe('the signed-in member', () => {
  it('reads itself with getUser and GET /settings describes e-mail sign-in', async () => {
    const client = anonClient();
    const email = uniqueEmail('me');
    const username = uniqueUsername('me');
    await client.auth.signUp({ email, password: 'correct-horse', options: { data: { username } } });
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata.username).toBe(username);

    const settings = await authFetch('/settings');
    expect(settings.body).toMatchObject({ external: { email: true }, disable_signup: false, mailer_autoconfirm: true });
  });

  it('updateUser merges data into user_metadata and replaces the password', async () => {
    const client = anonClient();
    const email = uniqueEmail('update');
    const username = uniqueUsername('upd');
    await client.auth.signUp({ email, password: 'first-pass', options: { data: { username, bio: 'hi', genre: 'house' } } });

    const updated = await client.auth.updateUser({ data: { genre: 'techno', label: 'Tresor' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ username, bio: 'hi', genre: 'techno', label: 'Tresor' });

    const same = await client.auth.updateUser({ password: 'first-pass' });
    expect(same.error?.code).toBe(ErrorCodes.samePassword);

    const changed = await client.auth.updateUser({ password: 'second-pass' });
    expect(changed.error).toBeNull();
    const old = await anonClient().auth.signInWithPassword({ email, password: 'first-pass' });
    expect(old.error?.code).toBe(ErrorCodes.invalidCredentials);
    const fresh = await anonClient().auth.signInWithPassword({ email, password: 'second-pass' });
    expect(fresh.error).toBeNull();
  });

  it("a new password signs out the member's other sessions but keeps the current one", async () => {
    const email = uniqueEmail('pwothers');
    const here = anonClient();
    await here.auth.signUp({ email, password: 'first-pass' });
    const elsewhere = anonClient();
    const other = await elsewhere.auth.signInWithPassword({ email, password: 'first-pass' });

    expect((await here.auth.updateUser({ password: 'second-pass' })).error).toBeNull();
    expect((await here.auth.getUser()).error).toBeNull();
    const refused = await authFetch('/user', { token: other.data.session!.access_token });
    expect(refused.status).toBe(403);
    expect(refused.body?.code).toBe(ErrorCodes.sessionNotFound);
  });
});

describe('admin endpoints', () => {
  it('create, list, read, update and delete users with the service-role key', async () => {
    const admin = serviceClient();
    const email = uniqueEmail('admin');
    const username = uniqueUsername('adm');
    const created = await admin.auth.admin.createUser({
      email,
      password: 'correct-horse',
      email_confirm: true,
      user_metadata: { username },
      app_metadata: { role: 'admin' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user?.email_confirmed_at).toBeTruthy();
    expect(created.data.user?.app_metadata).toMatchObject({ provider: 'email', role: 'admin' });

    const dup = await admin.auth.admin.createUser({ email, password: 'correct-horse' });
    expect(dup.error?.code).toBe(ErrorCodes.emailExists);

    const listed = await admin.auth.admin.listUsers({ page: 1, perPage: 1000 });
    expect(listed.error).toBeNull();
    expect(listed.data.users.some((u) => u.id === id)).toBe(true);

    const read = await admin.auth.admin.getUserById(id);
    expect(read.data.user?.user_metadata.username).toBe(username);

    const updated = await admin.auth.admin.updateUserById(id, { user_metadata: { bio: 'set by admin' } });
    expect(updated.data.user?.user_metadata).toMatchObject({ username, bio: 'set by admin' });

    const signIn = await anonClient().auth.signInWithPassword({ email, password: 'correct-horse' });
    expect(signIn.error).toBeNull();

    expect((await admin.auth.admin.deleteUser(id)).error).toBeNull();
    const gone = await admin.auth.admin.getUserById(id);
    expect(gone.error?.status).toBe(404);
    const after = await authFetch('/user', { token: signIn.data.session!.access_token });
    expect(after.status).toBe(403);
  });

  it('refuses admin calls made with a member token', async () => {
    const client = anonClient();
    const { data } = await client.auth.signUp({ email: uniqueEmail('notadmin'), password: 'correct-horse' });
    const res = await authFetch('/admin/users', { token: data.session!.access_token });
    expect(res.status).toBe(403);
    expect(res.body?.code).toBe(ErrorCodes.notAdmin);
  });
});

describe('sign-up data the profile trigger refuses', () => {
  it('answers a malformed username with 422 and the rule, creating nothing', async () => {
    const email = uniqueEmail('badname');
    const { data, error } = await anonClient().auth.signUp({
      email,
      password: 'correct-horse',
      options: { data: { username: 'no spaces!', display_name: 'Bad Name' } },
    });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe(ErrorCodes.validationFailed);
    expect(error?.message).toBe(USERNAME_RULE_MESSAGE);
    expect(data.user).toBeNull();
    await withDb(async (db) => {
      const { rowCount } = await db.query('select 1 from auth.users where email = $1', [email]);
      expect(rowCount).toBe(0);
    });
  });

  it('answers a taken username with 422 and the taken message', async () => {
    const username = uniqueUsername('taken');
    const first = await anonClient().auth.signUp({ email: uniqueEmail('first'), password: 'correct-horse', options: { data: { username } } });
    expect(first.error).toBeNull();
    const second = await anonClient().auth.signUp({ email: uniqueEmail('second'), password: 'correct-horse', options: { data: { username } } });
    expect(second.error?.status).toBe(422);
    expect(second.error?.message).toBe(AUTH_MESSAGES.signupUsernameTaken);
    // The gateway keeps serving.
    expect(
      (await anonClient().auth.signUp({ email: uniqueEmail('third'), password: 'correct-horse', options: { data: { username: uniqueUsername('free') } } }))
        .error,
    ).toBeNull();
  });
});

describe('sign-up data the database cannot store', () => {
  it.each([
    ['a NUL character', { username: uniqueUsername('nul'), display_name: 'DJ\u0000Nul' }],
    ['a lone high surrogate', { username: uniqueUsername('surr'), display_name: 'DJ \ud800' }],
    ['a lone low surrogate in a key', { username: uniqueUsername('key'), ['bio\udc00']: 'hello' }],
    ['a NUL deep inside', { username: uniqueUsername('deep'), links: [{ label: 'site', url: 'https://a.test/\u0000' }] }],
  ])('answers %s with 400 and the reason, creating nothing', async (_what, data) => {
    const email = uniqueEmail('unstorable');
    const { data: result, error } = await anonClient().auth.signUp({ email, password: 'correct-horse', options: { data } });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe(ErrorCodes.validationFailed);
    expect(error?.message).toBe(Messages.unstorableMetadata);
    expect(result.user).toBeNull();
    await withDb(async (db) => {
      const { rowCount } = await db.query('select 1 from auth.users where email = $1', [email]);
      expect(rowCount).toBe(0);
    });
  });

  it('refuses the same in a metadata update, leaving the metadata as it was', async () => {
    const email = uniqueEmail('unstorableupd');
    const client = anonClient();
    const username = uniqueUsername('upd');
    expect((await client.auth.signUp({ email, password: 'correct-horse', options: { data: { username } } })).error).toBeNull();
    const { error } = await client.auth.updateUser({ data: { display_name: 'x\u0000y' } });
    expect(error?.status).toBe(400);
    expect(error?.message).toBe(Messages.unstorableMetadata);
    const { data } = await client.auth.getUser();
    expect(data.user?.user_metadata).toMatchObject({ username });
    expect(data.user?.user_metadata.display_name).toBeUndefined();
  });
});
