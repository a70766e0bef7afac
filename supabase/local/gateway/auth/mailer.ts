import { createHash, randomInt } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AuthError } from './errors';
import { WindowCounter } from './limits';
import { EMAIL_OTP_LENGTH, EMAIL_RATE_WINDOW_MS, ErrorCodes, MailSubjects, Messages, REAUTHENTICATION_SUBJECT, type MailType } from './messages';

/** One message as written to `<localDir>/mail/<timestamp>-<to>.json`. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  link: string;
  type: MailType | 'reauthentication';
  /** the one-time code the text also shows (verifiable with POST /verify { email, token, type }) */
  code: string;
}

export const mailDir = (localDir: string): string => join(localDir, 'mail');

/** A fresh one-time code and the hash stored in auth.users (GoTrue's GenerateTokenHash: sha224 of e-mail + code). */
export function newEmailToken(email: string): { code: string; hash: string } {
  const code = String(randomInt(0, 10 ** EMAIL_OTP_LENGTH)).padStart(EMAIL_OTP_LENGTH, '0');
  return { code, hash: tokenHash(email, code) };
}

export const tokenHash = (email: string, code: string): string =>
  createHash('sha224')
    .update(email.toLowerCase() + code)
    .digest('hex');

const BODY: Record<MailType, (detail: { email: string; newEmail?: string }) => string> = {
  signup: () => 'Follow this link to confirm your user:',
  invite: () => 'You have been invited to create a user. Follow this link to accept the invite:',
  magiclink: () => 'Follow this link to login:',
  recovery: () => 'Follow this link to reset the password for your user:',
  email_change: ({ email, newEmail }) => `Follow this link to confirm the update of your email from ${email} to ${newEmail ?? ''}:`,
};

export function composeMail(type: MailType, to: string, link: string, code: string, detail: { email: string; newEmail?: string }): Mail {
  const text = `${BODY[type](detail)}\n\n${link}\n\nAlternatively, enter the code: ${code}\n`;
  return { to, subject: MailSubjects[type], text, link, type, code };
}

/** The code a signed-in member types to confirm a sensitive change (Supabase's reauthentication template). */
export function reauthenticationMail(to: string, code: string): Mail {
  return { to, subject: REAUTHENTICATION_SUBJECT, text: `Enter the code: ${code}\n`, link: '', type: 'reauthentication', code };
}

/**
 * Writes mails as files instead of sending them, and keeps the hourly e-mail
 * budget per recipient address and per client IP (GoTrue's `over_email_send_rate_limit`).
 * Counting per address rather than per project means one member's requests cannot
 * block recovery for everyone else.
 */
export class Mailer {
  private readonly perAddress: WindowCounter;
  private readonly perIp: WindowCounter;
  private lastStamp = 0;

  constructor(
    private readonly localDir: string,
    limitPerHour: number,
  ) {
    this.perAddress = new WindowCounter(limitPerHour, EMAIL_RATE_WINDOW_MS);
    this.perIp = new WindowCounter(limitPerHour, EMAIL_RATE_WINDOW_MS);
  }

  /**
   * Claims one of the hour's e-mails for `address` requested from `ip`, or refuses with 429.
   * Callers claim for the requested address whether or not it is registered, so
   * the answer never tells which addresses have accounts.
   */
  reserve(address: string, ip: string | undefined, now = Date.now()): void {
    const addressKey = address.trim().toLowerCase();
    const ipKey = ip ?? 'unknown';
    if (!this.perAddress.allows(addressKey, now) || !this.perIp.allows(ipKey, now)) {
      throw new AuthError(429, ErrorCodes.overEmailSendRateLimit, Messages.emailRateLimit);
    }
    this.perAddress.record(addressKey, now);
    this.perIp.record(ipKey, now);
  }

  send(mail: Mail): string {
    const dir = mailDir(this.localDir);
    mkdirSync(dir, { recursive: true });
    // Strictly increasing stamps keep two mails to one address in one millisecond apart and in order.
    this.lastStamp = Math.max(Date.now(), this.lastStamp + 1);
    const file = join(dir, `${this.lastStamp}-${mail.to.replace(/[/\\]/g, '_')}.json`);
    writeFileSync(file, JSON.stringify(mail, null, 2));
    return file;
  }
}

/** Mails written so far, oldest first; only those to `to` when given. For tests and tooling. */
export function readMailbox(localDir: string, to?: string): Mail[] {
  let files: string[];
  try {
    files = readdirSync(mailDir(localDir)).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  const stamp = (f: string) => Number(f.slice(0, f.indexOf('-')));
  return files
    .sort((a, b) => stamp(a) - stamp(b))
    .map((f) => JSON.parse(readFileSync(join(mailDir(localDir), f), 'utf8')) as Mail)
    .filter((m) => !to || m.to.toLowerCase() === to.toLowerCase());
}
