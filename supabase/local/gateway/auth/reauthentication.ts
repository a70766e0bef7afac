import { timingSafeEqual } from 'node:crypto';
import { unprocessable } from './errors';
import { newEmailToken, tokenHash } from './mailer';
import { EMAIL_OTP_EXPIRY_SECONDS, ErrorCodes, Messages } from './messages';

interface Pending {
  hash: string;
  sentAt: number;
}

/**
 * Reauthentication codes (GET /reauthenticate), one pending per user, each usable once
 * within the e-mail code lifetime. Kept in memory: the local schema has no columns for
 * them, and a code pending over a stack restart is simply asked for again.
 */
export class Reauthentications {
  private pending = new Map<string, Pending>();

  /** A fresh code for the user, replacing any earlier one. */
  issue(userId: string, email: string, now = Date.now()): string {
    const { code, hash } = newEmailToken(email);
    this.pending.set(userId, { hash, sentAt: now });
    return code;
  }

  /** GoTrue's verifyReauthentication: 422 `reauthentication_not_valid` unless the nonce is the pending, unexpired code. */
  check(userId: string, email: string, nonce: string, now = Date.now()): void {
    const entry = this.pending.get(userId);
    const valid = entry !== undefined && now - entry.sentAt <= EMAIL_OTP_EXPIRY_SECONDS * 1000 && safeEqual(entry.hash, tokenHash(email, nonce));
    if (!valid) throw unprocessable(ErrorCodes.reauthenticationNotValid, Messages.invalidNonce);
  }

  /** Spends the code once the change it confirmed is stored. */
  consume(userId: string): void {
    this.pending.delete(userId);
  }
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
