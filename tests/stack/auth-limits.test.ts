import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { rmSync } from 'node:fs';
import { createClient, isAuthWeakPasswordError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { PASSWORD_REQUIREMENTS } from '../../supabase/local/gateway/auth/password-requirements';
import { readMailbox } from '../../supabase/local/gateway/auth/mailer';
import { ErrorCodes, Messages } from '../../supabase/local/gateway/auth/messages';
import { startStackProcess, testStackLocation, type RunningStack } from '../support/stack-process';

// Budgets low enough to reach in a test; every other suite runs with budgets it never reaches.
const SIGN_IN_SIGN_UPS = 6;
const TOKEN_REFRESH = 3;
const FAILED_PER_ADDRESS = 2;
const FAILED_PER_ACCOUNT = 4;
const EMAILS_PER_HOUR = 2;
const GOOD_PASSWORD = 'Spin-the-decks-2026';

let stack: RunningStack | undefined;
let localDir = '';

beforeAll(async () => {
  const location = await testStackLocation('auth-limits');
  localDir = location.localDir;
  stack = await startStackProcess({
    ...location,
    env: {
      SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: String(SIGN_IN_SIGN_UPS),
      SUPABASE_AUTH_RATE_LIMIT_TOKEN_REFRESH: String(TOKEN_REFRESH),
      SUPABASE_AUTH_RATE_LIMIT_FAILED_SIGN_INS_PER_ADDRESS: String(FAILED_PER_ADDRESS),
      SUPABASE_AUTH_RATE_LIMIT_FAILED_SIGN_INS_PER_ACCOUNT: String(FAILED_PER_ACCOUNT),
      SUPABASE_AUTH_EMAIL_RATE_LIMIT: String(EMAILS_PER_HOUR),
      SUPABASE_AUTH_PASSWORD_REQUIREMENTS: 'letters_digits',
    },
  });
});
afterAll(async () => {
  await stack?.stop();
  if (localDir) rmSync(localDir, { recursive: true, force: true });
});

/** Each test calls from loopback addresses of its own, so per-IP budgets of one test never touch another. */
let nextHost = 2;
const freshIp = () => `127.0.${Math.floor(nextHost / 250)}.${(nextHost++ % 250) + 2}`;

/** fetch over node:http bound to `localAddress`: the stack sees the call coming from that IP. */
function fetchFrom(localAddress: string): typeof fetch {
  return (input, init) =>
    new Promise((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      const body = init?.body === undefined || init.body === null ? undefined : String(init.body);
      const req = request(url, { method: init?.method ?? 'GET', headers: Object.fromEntries(headers.entries()), localAddress }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const out = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') out.set(k, v);
          const status = res.statusCode ?? 500;
          const payload = status === 204 || status === 304 ? null : Buffer.concat(chunks);
          resolve(new Response(payload, { status, headers: out }));
        });
      });
      req.on('error', reject);
      if (body) req.write(body);
      req.end();
    });
}

function client(ip: string, key: 'ANON_KEY' | 'SERVICE_ROLE_KEY' = 'ANON_KEY'): SupabaseClient {
  const status = stack!.status;
  return createClient(status.API_URL, status[key], {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: fetchFrom(ip) },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
}

const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.test`;

/** An account made with the service role (admin calls are not budgeted), so no test spends its budget on set-up. */
async function account(prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  const { error } = await client(freshIp(), 'SERVICE_ROLE_KEY').auth.admin.createUser({ email, password: GOOD_PASSWORD, email_confirm: true });
  expect(error).toBeNull();
  return email;
}

function expectRateLimited(error: { status?: number; code?: string; message: string } | null) {
  expect(error?.status).toBe(429);
  expect(error?.code).toBe(ErrorCodes.overRequestRateLimit);
  expect(error?.message).toBe(Messages.requestRateLimit);
}

describe('per-IP budget of sign-ins and sign-ups', () => {
  it('answers 429 over_request_rate_limit past the budget, for that IP only', async () => {
    const email = await account('ipbudget');
    const ip = freshIp();
    for (let i = 0; i < SIGN_IN_SIGN_UPS; i += 1) {
      const { error } = await client(ip).auth.signInWithPassword({ email, password: GOOD_PASSWORD });
      expect(error).toBeNull();
    }
    expectRateLimited((await client(ip).auth.signInWithPassword({ email, password: GOOD_PASSWORD })).error);
    // Sign-ups share the budget.
    expectRateLimited((await client(ip).auth.signUp({ email: uniqueEmail('late'), password: GOOD_PASSWORD })).error);
    // Another address is untouched, and the gateway keeps serving.
    const other = await client(freshIp()).auth.signInWithPassword({ email, password: GOOD_PASSWORD });
    expect(other.error).toBeNull();
    expect(other.data.session?.access_token).toBeTruthy();
  });

  it('limits token refreshes per IP', async () => {
    const email = await account('refresh');
    const ip = freshIp();
    const signedIn = await client(ip).auth.signInWithPassword({ email, password: GOOD_PASSWORD });
    let refreshToken = signedIn.data.session?.refresh_token ?? '';
    for (let i = 0; i < TOKEN_REFRESH; i += 1) {
      const { data, error } = await client(ip).auth.refreshSession({ refresh_token: refreshToken });
      expect(error).toBeNull();
      refreshToken = data.session?.refresh_token ?? '';
    }
    expectRateLimited((await client(ip).auth.refreshSession({ refresh_token: refreshToken })).error);
    const elsewhere = await client(freshIp()).auth.refreshSession({ refresh_token: refreshToken });
    expect(elsewhere.error).toBeNull();
  });
});

describe('failed sign-ins: the guesser is slowed, the owner is never locked out', () => {
  it('slows the address that typed the wrong passwords, even for the right one, while the owner signs in from another', async () => {
    const email = await account('guessed');
    const guesser = freshIp();
    for (let i = 0; i < FAILED_PER_ADDRESS; i += 1) {
      const { error } = await client(guesser).auth.signInWithPassword({ email, password: `wrong-${i}` });
      expect(error?.code).toBe(ErrorCodes.invalidCredentials);
    }
    expectRateLimited((await client(guesser).auth.signInWithPassword({ email, password: GOOD_PASSWORD })).error);
    const owner = await client(freshIp()).auth.signInWithPassword({ email, password: GOOD_PASSWORD });
    expect(owner.error).toBeNull();
    expect(owner.data.session?.access_token).toBeTruthy();
  });

  it('an attacker at full speed from many addresses never locks the owner out of their own address', async () => {
    const email = await account('target');
    const home = freshIp();
    // The owner has signed in from home before: that makes it one of the account's own addresses.
    expect((await client(home).auth.signInWithPassword({ email, password: GOOD_PASSWORD })).error).toBeNull();

    const attackers = Array.from({ length: 8 }, () => freshIp());
    const attack = attackers.flatMap((ip) =>
      Array.from({ length: SIGN_IN_SIGN_UPS }, (_, i) => client(ip).auth.signInWithPassword({ email, password: `guess-${ip}-${i}` })),
    );
    // The owner signs in while the guesses are in flight, and again once they have all been answered.
    const during = client(home).auth.signInWithPassword({ email, password: GOOD_PASSWORD });
    const answers = await Promise.all(attack);
    const owner = [await during, await client(home).auth.signInWithPassword({ email, password: GOOD_PASSWORD })];
    for (const { error, data } of owner) {
      expect(error).toBeNull();
      expect(data.session?.access_token).toBeTruthy();
    }
    // No guess got in: each was a wrong password or was refused outright.
    expect(answers.every((a) => a.error?.code === ErrorCodes.invalidCredentials || a.error?.code === ErrorCodes.overRequestRateLimit)).toBe(true);
    expect(answers.filter((a) => a.error?.code === ErrorCodes.invalidCredentials).length).toBeGreaterThanOrEqual(FAILED_PER_ACCOUNT);
    // While the account is under attack an address it has never signed in from waits, even with the
    // right password; an e-mailed sign-in link still reaches the owner.
    expectRateLimited((await client(freshIp()).auth.signInWithPassword({ email, password: GOOD_PASSWORD })).error);
    expect((await client(freshIp()).auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    expect(readMailbox(localDir, email)).toHaveLength(1);
  });

  it('answers an unknown address exactly like a registered one', async () => {
    const answers = async (email: string) => {
      const codes: Array<[number | undefined, string | undefined]> = [];
      for (let i = 0; i <= FAILED_PER_ACCOUNT; i += 1) {
        const { error } = await client(freshIp()).auth.signInWithPassword({ email, password: `wrong-${i}` });
        codes.push([error?.status, error?.code]);
      }
      return codes;
    };
    const known = await answers(await account('known'));
    const unknown = await answers(uniqueEmail('nobody'));
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toEqual([429, ErrorCodes.overRequestRateLimit]);
  });
});

describe('the e-mail budget', () => {
  it('is per address: one member exhausting theirs does not block recovery for others', async () => {
    const spammed = await account('spammed');
    const other = await account('other');
    for (let i = 0; i < EMAILS_PER_HOUR; i += 1) {
      expect((await client(freshIp()).auth.resetPasswordForEmail(spammed)).error).toBeNull();
    }
    const refused = await client(freshIp()).auth.resetPasswordForEmail(spammed);
    expect(refused.error?.status).toBe(429);
    expect(refused.error?.code).toBe(ErrorCodes.overEmailSendRateLimit);
    expect(refused.error?.message).toBe(Messages.emailRateLimit);
    expect(readMailbox(localDir, spammed)).toHaveLength(EMAILS_PER_HOUR);

    expect((await client(freshIp()).auth.resetPasswordForEmail(other)).error).toBeNull();
    expect(readMailbox(localDir, other)).toHaveLength(1);
  });

  it('is per IP: one caller cannot spray recovery mails over many addresses', async () => {
    const ip = freshIp();
    for (let i = 0; i < EMAILS_PER_HOUR; i += 1) {
      expect((await client(ip).auth.resetPasswordForEmail(await account('spray'))).error).toBeNull();
    }
    const target = await account('spray');
    expect((await client(ip).auth.resetPasswordForEmail(target)).error?.code).toBe(ErrorCodes.overEmailSendRateLimit);
    expect(readMailbox(localDir, target)).toHaveLength(0);
  });

  it('answers registered and unknown addresses the same, so recovery does not reveal who is registered', async () => {
    const answers = async (email: string) => {
      const out: Array<[number | undefined, string | undefined]> = [];
      for (let i = 0; i <= EMAILS_PER_HOUR; i += 1) {
        const { error } = await client(freshIp()).auth.resetPasswordForEmail(email);
        out.push([error?.status, error?.code]);
      }
      return out;
    };
    const known = await answers(await account('registered'));
    const unknown = await answers(uniqueEmail('unregistered'));
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toEqual([429, ErrorCodes.overEmailSendRateLimit]);
  });
});

describe('password requirements (letters_digits)', () => {
  const characters = PASSWORD_REQUIREMENTS.letters_digits;

  it.each([
    ['123456', ['characters']],
    ['password', ['characters']],
    ['      ', ['characters']],
    ['abc', ['length', 'characters']],
  ])('refuses %j at sign-up with 422 weak_password and its reasons', async (password, reasons) => {
    const email = uniqueEmail('weak');
    const { data, error } = await client(freshIp()).auth.signUp({ email, password });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe(ErrorCodes.weakPassword);
    expect(isAuthWeakPasswordError(error)).toBe(true);
    if (!isAuthWeakPasswordError(error)) return;
    expect(error.reasons).toEqual(reasons);
    expect(error.message).toContain(Messages.weakPasswordCharacters(characters));
    expect(data.user).toBeNull();
    // Nothing was created: the address is still free for a good password.
    expect((await client(freshIp()).auth.signUp({ email, password: GOOD_PASSWORD })).error).toBeNull();
  });

  it('applies to a password change and to admin-created users', async () => {
    const email = await account('changer');
    const member = client(freshIp());
    await member.auth.signInWithPassword({ email, password: GOOD_PASSWORD });
    const change = await member.auth.updateUser({ password: 'onlyletters' });
    expect(change.error?.code).toBe(ErrorCodes.weakPassword);
    expect(isAuthWeakPasswordError(change.error) && change.error.reasons).toEqual(['characters']);
    const admin = await client(freshIp(), 'SERVICE_ROLE_KEY').auth.admin.createUser({ email: uniqueEmail('adm'), password: '12345678' });
    expect(admin.error?.code).toBe(ErrorCodes.weakPassword);
    // The old password still works: the refused change changed nothing.
    expect((await client(freshIp()).auth.signInWithPassword({ email, password: GOOD_PASSWORD })).error).toBeNull();
  });
});
