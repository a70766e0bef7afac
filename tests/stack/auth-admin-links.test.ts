import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readMailbox } from '../../supabase/local/gateway/auth/mailer';
import { ErrorCodes, MailSubjects, Messages, REAUTHENTICATION_SUBJECT } from '../../supabase/local/gateway/auth/messages';
import { anonClient, newMember, serviceClient, testStack, withDb } from '../support/clients';

const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.test`;

/** Opens a link like a browser and returns what the auth server put in the redirect's fragment. */
async function follow(link: string): Promise<URLSearchParams> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URLSearchParams(new URL(res.headers.get('location') ?? '').hash.slice(1));
}

/** Makes the member's current session look signed in long ago, so a password change needs reauthentication. */
async function ageSession(accessToken: string): Promise<void> {
  const claims = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()) as { session_id: string };
  await withDb((db) => db.query(`update auth.sessions set created_at = now() - interval '25 hours' where id = $1`, [claims.session_id]));
}

describe('reauthentication before a password change (secure_password_change)', () => {
  it('mails a code, requires it for an old session, accepts it once', async () => {
    const member = await newMember('reauth');
    await ageSession(member.accessToken);

    const missing = await member.client.auth.updateUser({ password: 'new-secret-2026' });
    expect(missing.error?.status).toBe(400);
    expect(missing.error?.code).toBe(ErrorCodes.reauthenticationNeeded);
    expect(missing.error?.message).toBe(Messages.reauthenticationNeeded);

    const asked = await member.client.auth.reauthenticate();
    expect(asked.error).toBeNull();
    const mails = readMailbox(testStack().localDir, member.email).filter((m) => m.type === 'reauthentication');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(REAUTHENTICATION_SUBJECT);
    const code = mails[0].code;
    expect(mails[0].text).toContain(code);

    const wrong = await member.client.auth.updateUser({ password: 'new-secret-2026', nonce: code === '000000' ? '111111' : '000000' });
    expect(wrong.error?.status).toBe(422);
    expect(wrong.error?.code).toBe(ErrorCodes.reauthenticationNotValid);
    expect(wrong.error?.message).toBe(Messages.invalidNonce);

    const changed = await member.client.auth.updateUser({ password: 'new-secret-2026', nonce: code });
    expect(changed.error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email: member.email, password: 'new-secret-2026' })).error).toBeNull();

    const reused = await member.client.auth.updateUser({ password: 'third-secret-2026', nonce: code });
    expect(reused.error?.code).toBe(ErrorCodes.reauthenticationNotValid);
    expect((await anonClient().auth.signInWithPassword({ email: member.email, password: 'third-secret-2026' })).error?.code).toBe(
      ErrorCodes.invalidCredentials,
    );
  });

  it('lets a recently signed-in session change its password without a code', async () => {
    const member = await newMember('fresh');
    expect((await member.client.auth.updateUser({ password: 'fresh-secret-2026' })).error).toBeNull();
  });

  it('refuses /reauthenticate without a valid token, and keeps serving', async () => {
    const { apiUrl, anonKey } = testStack();
    const headers = { apikey: anonKey, 'x-supabase-api-version': '2024-01-01' };
    const none = await fetch(`${apiUrl}/auth/v1/reauthenticate`, { headers });
    expect(none.status).toBe(401);
    expect(((await none.json()) as { code: string }).code).toBe(ErrorCodes.noAuthorization);
    const forged = await fetch(`${apiUrl}/auth/v1/reauthenticate`, { headers: { ...headers, authorization: 'Bearer not.a.jwt' } });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { code: string }).code).toBe(ErrorCodes.badJwt);
    expect((await anonClient().auth.getSession()).error).toBeNull();
  });
});

describe('admin generateLink', () => {
  it('makes a signup link that confirms the new user and signs in', async () => {
    const email = uniqueEmail('gl-signup');
    const username = `gl_${randomUUID().slice(0, 6)}`;
    const { data, error } = await serviceClient().auth.admin.generateLink({
      type: 'signup',
      email,
      password: 'link-secret-2026',
      options: { data: { username } },
    });
    expect(error).toBeNull();
    // Exactly the given data, as GoTrue keeps it: only /signup adds the identity's sub, email and verified flags.
    expect(data.user?.user_metadata).toEqual({ username });
    expect(data.properties?.verification_type).toBe('signup');
    expect(data.properties?.email_otp).toMatch(/^\d{6}$/);
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeFalsy();
    expect(readMailbox(testStack().localDir, email)).toHaveLength(0);
    const fragment = await follow(data.properties!.action_link);
    expect(fragment.get('access_token')).toBeTruthy();
    expect((await anonClient().auth.signInWithPassword({ email, password: 'link-secret-2026' })).error).toBeNull();
  });

  it('makes magic link, recovery and e-mail change codes that verify once', async () => {
    const member = await newMember('gl');
    const admin = serviceClient().auth.admin;

    const magic = await admin.generateLink({ type: 'magiclink', email: member.email });
    expect(magic.error).toBeNull();
    const signedIn = await anonClient().auth.verifyOtp({ email: member.email, token: magic.data.properties!.email_otp, type: 'magiclink' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.session?.user.id).toBe(member.id);
    const again = await anonClient().auth.verifyOtp({ email: member.email, token: magic.data.properties!.email_otp, type: 'magiclink' });
    expect(again.error?.code).toBe(ErrorCodes.otpExpired);

    const recovery = await admin.generateLink({ type: 'recovery', email: member.email });
    expect(recovery.error).toBeNull();
    const recovered = await anonClient().auth.verifyOtp({ token_hash: recovery.data.properties!.hashed_token, type: 'recovery' });
    expect(recovered.error).toBeNull();

    const newEmail = uniqueEmail('gl-moved');
    const change = await admin.generateLink({ type: 'email_change_new', email: member.email, newEmail });
    expect(change.error).toBeNull();
    expect(change.data.user?.new_email).toBe(newEmail);
    const changed = await anonClient().auth.verifyOtp({ token_hash: change.data.properties!.hashed_token, type: 'email_change' });
    expect(changed.error).toBeNull();
    expect(changed.data.user?.email).toBe(newEmail);
  });

  it('makes an invite link that creates the user and signs them in', async () => {
    const email = uniqueEmail('gl-invite');
    const { data, error } = await serviceClient().auth.admin.generateLink({ type: 'invite', email });
    expect(error).toBeNull();
    expect(data.user?.invited_at).toBeTruthy();
    const fragment = await follow(data.properties!.action_link);
    expect(fragment.get('type')).toBe('invite');
    expect(fragment.get('access_token')).toBeTruthy();
  });

  it('refuses bad requests with GoTrue errors and keeps serving', async () => {
    const admin = serviceClient().auth.admin;
    const unknown = await admin.generateLink({ type: 'recovery', email: uniqueEmail('nobody') });
    expect(unknown.error?.status).toBe(404);
    expect(unknown.error?.code).toBe(ErrorCodes.userNotFound);
    expect(unknown.error?.message).toBe(Messages.userWithEmailNotFound);

    const member = await newMember('gldup');
    const dup = await admin.generateLink({ type: 'signup', email: member.email, password: 'whatever-2026' });
    expect(dup.error?.status).toBe(422);
    expect(dup.error?.code).toBe(ErrorCodes.emailExists);

    const current = await admin.generateLink({ type: 'email_change_current', email: member.email, newEmail: uniqueEmail('x') });
    expect(current.error?.status).toBe(400);

    const asMember = await fetch(`${testStack().apiUrl}/auth/v1/admin/generate_link`, {
      method: 'POST',
      headers: { apikey: testStack().anonKey, authorization: `Bearer ${member.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'magiclink', email: member.email }),
    });
    expect(asMember.status).toBe(403);
    expect((await admin.listUsers({ page: 1, perPage: 1 })).error).toBeNull();
  });
});

describe('admin inviteUserByEmail', () => {
  it('creates the user, mails the invite, and the link signs them in', async () => {
    const email = uniqueEmail('invite');
    const { data, error } = await serviceClient().auth.admin.inviteUserByEmail(email, { data: { display_name: 'Invited' } });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata).toEqual({ display_name: 'Invited' });
    expect(data.user?.invited_at).toBeTruthy();
    const mails = readMailbox(testStack().localDir, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ type: 'invite', subject: MailSubjects.invite });
    const fragment = await follow(mails[0].link);
    expect(fragment.get('access_token')).toBeTruthy();

    const twice = await serviceClient().auth.admin.inviteUserByEmail(email);
    expect(twice.error?.status).toBe(422);
    expect(twice.error?.code).toBe(ErrorCodes.emailExists);
  });

  it('refuses a malformed address', async () => {
    const { error } = await serviceClient().auth.admin.inviteUserByEmail('not-an-address');
    expect(error?.status).toBe(400);
    expect(error?.code).toBe(ErrorCodes.validationFailed);
  });
});

describe('admin user metadata and paging', () => {
  it('returns exactly the user_metadata given on create and update', async () => {
    const admin = serviceClient().auth.admin;
    const created = await admin.createUser({ email: uniqueEmail('meta'), password: 'meta-secret-2026', user_metadata: { plan: 'pro' } });
    expect(created.error).toBeNull();
    expect(created.data.user?.user_metadata).toEqual({ plan: 'pro' });
    const updated = await admin.updateUserById(created.data.user!.id, { user_metadata: { theme: 'dark' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toEqual({ plan: 'pro', theme: 'dark' });
  });

  it('refuses page=-1 with 400 as GoTrue does', async () => {
    const { error } = await serviceClient().auth.admin.listUsers({ page: -1 });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe(ErrorCodes.validationFailed);
    expect(error?.message).toBe(Messages.badPagination('-1'));
    expect((await serviceClient().auth.admin.listUsers({ page: 1, perPage: 2 })).data.users.length).toBeGreaterThan(0);
  });
});
