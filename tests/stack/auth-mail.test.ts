import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { loadConfig } from '../../supabase/local/config';
import { readMailbox, type Mail } from '../../supabase/local/gateway/auth/mailer';
import { ErrorCodes, MailSubjects, Messages } from '../../supabase/local/gateway/auth/messages';
import type { StackStatus } from '../../supabase/local/stack';
import { anonClient, testStack } from '../support/clients';
import { startStackProcess, testStackLocation, type RunningStack } from '../support/stack-process';

const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
const siteUrl = loadConfig().auth.siteUrl;

function clientFor(status: StackStatus): SupabaseClient {
  return createClient(status.API_URL, status.ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket, and supabase-js builds its realtime client eagerly.
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
}

function lastMail(localDir: string, to: string): Mail {
  const mails = readMailbox(localDir, to);
  expect(mails.length).toBeGreaterThan(0);
  return mails[mails.length - 1];
}

/** Opens an e-mailed link like a browser would, and reads where GoTrue sends it. */
async function followLink(link: string): Promise<{ location: URL; fragment: URLSearchParams }> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get('location') ?? '');
  return { location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

interface ExtraStack {
  stack: RunningStack;
  localDir: string;
}

/** A stack of its own with different auth settings (started like the shared one, in a child process). */
async function startExtraStack(name: string, env: NodeJS.ProcessEnv): Promise<ExtraStack> {
  const location = await testStackLocation(name);
  const stack = await startStackProcess({ ...location, env });
  return { stack, localDir: location.localDir };
}

async function stopExtraStack(extra: ExtraStack | undefined): Promise<void> {
  if (!extra) return;
  await extra.stack.stop();
  rmSync(extra.localDir, { recursive: true, force: true });
}

// Stacks with other auth settings, started together to halve the wait.
let confirming: ExtraStack | undefined;
let rateLimited: ExtraStack | undefined;
beforeAll(async () => {
  [confirming, rateLimited] = await Promise.all([
    startExtraStack('auth-confirm', { SUPABASE_AUTH_ENABLE_CONFIRMATIONS: 'true' }),
    startExtraStack('auth-ratelimit', { SUPABASE_AUTH_EMAIL_RATE_LIMIT: '2' }),
  ]);
});
afterAll(() => Promise.all([stopExtraStack(confirming), stopExtraStack(rateLimited)]));

describe('password recovery (default settings)', () => {
  it('writes a recovery mail whose link signs the member in once', async () => {
    const { localDir } = testStack();
    const email = uniqueEmail('recover');
    await anonClient().auth.signUp({ email, password: 'forgotten-pass' });

    const { error } = await anonClient().auth.resetPasswordForEmail(email, { redirectTo: `${siteUrl}/reset-password` });
    expect(error).toBeNull();
    const mail = lastMail(localDir, email);
    expect(mail).toMatchObject({ to: email, type: 'recovery', subject: MailSubjects.recovery });
    expect(mail.text).toContain(mail.link);

    const { location, fragment } = await followLink(mail.link);
    expect(`${location.origin}${location.pathname}`).toBe(`${siteUrl}/reset-password`);
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');

    const member = anonClient();
    const session = await member.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(session.error).toBeNull();
    expect((await member.auth.updateUser({ password: 'remembered-pass' })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: 'remembered-pass' })).error).toBeNull();

    const again = await followLink(mail.link);
    expect(again.fragment.get('error_code')).toBe(ErrorCodes.otpExpired);
    expect(again.fragment.get('access_token')).toBeNull();
  });

  it('answers an unknown address like a known one and writes no mail', async () => {
    const email = uniqueEmail('nobody');
    const { error } = await anonClient().auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    expect(readMailbox(testStack().localDir, email)).toHaveLength(0);
  });

  it('sends an unknown redirect_to to the site URL instead', async () => {
    const email = uniqueEmail('redirect');
    await anonClient().auth.signUp({ email, password: 'forgotten-pass' });
    await anonClient().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example.com/steal' });
    const { location } = await followLink(lastMail(testStack().localDir, email).link);
    expect(location.origin).toBe(new URL(siteUrl).origin);
  });
});

describe('with e-mail confirmations on', () => {
  const client = () => clientFor(confirming!.stack.status);

  it('sign-up returns no session; sign-in is refused until the mailed link is followed', async () => {
    const email = uniqueEmail('confirm');
    const signUp = await client().auth.signUp({ email, password: 'correct-horse', options: { data: { username: `cf_${randomUUID().slice(0, 6)}` } } });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.email).toBe(email);
    expect(signUp.data.user?.confirmation_sent_at).toBeTruthy();
    expect(signUp.data.user?.email_confirmed_at).toBeUndefined();

    const early = await client().auth.signInWithPassword({ email, password: 'correct-horse' });
    expect(early.error?.code).toBe(ErrorCodes.emailNotConfirmed);
    expect(early.error?.message).toBe(Messages.emailNotConfirmed);

    const mail = lastMail(confirming!.localDir, email);
    expect(mail).toMatchObject({ type: 'signup', subject: MailSubjects.signup });
    const { location, fragment } = await followLink(mail.link);
    expect(location.origin).toBe(new URL(siteUrl).origin);
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('access_token')).toBeTruthy();

    const later = await client().auth.signInWithPassword({ email, password: 'correct-horse' });
    expect(later.error).toBeNull();
    expect(later.data.user?.email_confirmed_at).toBeTruthy();
  });

  it('confirms with the mailed code through verifyOtp, after a resend', async () => {
    const email = uniqueEmail('otp');
    await client().auth.signUp({ email, password: 'correct-horse' });
    expect((await client().auth.resend({ type: 'signup', email })).error).toBeNull();
    const mails = readMailbox(confirming!.localDir, email);
    expect(mails).toHaveLength(2);

    const stale = await client().auth.verifyOtp({ email, token: mails[0].code, type: 'email' });
    expect(stale.error?.code).toBe(ErrorCodes.otpExpired);
    const { data, error } = await client().auth.verifyOtp({ email, token: mails[1].code, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  it('with the PKCE flow the link carries a code that the same browser exchanges for a session', async () => {
    const { status } = confirming!.stack;
    const browser = createClient(status.API_URL, status.ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType: 'pkce' },
      realtime: { transport: ws as unknown as typeof WebSocket },
    });
    const email = uniqueEmail('pkce');
    expect((await browser.auth.signUp({ email, password: 'correct-horse' })).error).toBeNull();
    const { location, fragment } = await followLink(lastMail(confirming!.localDir, email).link);
    expect(fragment.get('access_token')).toBeNull();
    const code = location.searchParams.get('code');
    expect(code).toBeTruthy();

    const stranger = await clientFor(status).auth.exchangeCodeForSession(code!);
    expect(stranger.data.session).toBeNull();
    const { data, error } = await browser.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect(data.session?.user.email_confirmed_at).toBeTruthy();
  });

  it('does not reveal that a confirmed address is registered', async () => {
    const email = uniqueEmail('hidden');
    await client().auth.signUp({ email, password: 'correct-horse' });
    await followLink(lastMail(confirming!.localDir, email).link);
    const again = await client().auth.signUp({ email, password: 'other-horse' });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
  });

  it('changes the e-mail address only once the new address confirms', async () => {
    const email = uniqueEmail('old');
    const newEmail = uniqueEmail('new');
    const member = client();
    await member.auth.signUp({ email, password: 'correct-horse' });
    await followLink(lastMail(confirming!.localDir, email).link);
    await member.auth.signInWithPassword({ email, password: 'correct-horse' });

    const asked = await member.auth.updateUser({ email: newEmail });
    expect(asked.error).toBeNull();
    expect(asked.data.user?.email).toBe(email);
    expect(asked.data.user?.new_email).toBe(newEmail);

    const mail = lastMail(confirming!.localDir, newEmail);
    expect(mail.type).toBe('email_change');
    await followLink(mail.link);
    const signIn = await client().auth.signInWithPassword({ email: newEmail, password: 'correct-horse' });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.email).toBe(newEmail);
  });
});

describe('the hourly e-mail limit', () => {
  it('refuses the mail past the limit with 429 "email rate limit exceeded"', async () => {
    const { status } = rateLimited!.stack;
    const email = uniqueEmail('limit');
    await clientFor(status).auth.signUp({ email, password: 'correct-horse' });
    expect((await clientFor(status).auth.resetPasswordForEmail(email)).error).toBeNull();
    expect((await clientFor(status).auth.resetPasswordForEmail(email)).error).toBeNull();
    const third = await clientFor(status).auth.resetPasswordForEmail(email);
    expect(third.error?.status).toBe(429);
    expect(third.error?.code).toBe(ErrorCodes.overEmailSendRateLimit);
    expect(third.error?.message).toBe(Messages.emailRateLimit);
    expect(readMailbox(rateLimited!.localDir, email)).toHaveLength(2);
  });
});
