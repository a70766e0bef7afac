import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { badRequest } from './errors';
import { ErrorCodes, Messages } from './messages';
import type { AuthMethod } from './sessions';

/** How long an auth code from a PKCE e-mail link may be exchanged (GoTrue's flow-state expiry). */
const AUTH_CODE_TTL_MS = 5 * 60 * 1000;
/** How long a PKCE challenge waits for its e-mail link to be followed. */
const CHALLENGE_TTL_MS = 24 * 60 * 60 * 1000;

type ChallengeMethod = 's256' | 'plain';

interface Challenge {
  challenge: string;
  method: ChallengeMethod;
  createdAt: number;
}

interface AuthCode extends Challenge {
  userId: string;
  authMethod: AuthMethod;
}

/**
 * PKCE flow state for e-mail links (supabase-js with `flowType: 'pkce'`): the challenge
 * sent with signup/recover/otp is kept per user, the verify link then redirects with
 * `?code=` and POST /token?grant_type=pkce exchanges it for a session.
 * Kept in memory: a pending link does not survive a stack restart.
 */
export class PkceFlows {
  private challenges = new Map<string, Challenge>();
  private codes = new Map<string, AuthCode>();

  /** GoTrue's validatePKCEParams: both or neither; returns null for the implicit flow. */
  static parse(challenge: string | null | undefined, method: string | null | undefined): Challenge | null {
    if (!challenge && !method) return null;
    if (!challenge || !method) {
      throw badRequest(ErrorCodes.validationFailed, 'PKCE flow requires code_challenge_method and code_challenge');
    }
    const normalized = method.toLowerCase();
    if (normalized !== 's256' && normalized !== 'plain') {
      throw badRequest(ErrorCodes.validationFailed, `code challenge method not supported: ${method}`);
    }
    return { challenge, method: normalized, createdAt: Date.now() };
  }

  remember(userId: string, challenge: Challenge | null): void {
    if (challenge) this.challenges.set(userId, challenge);
    else this.challenges.delete(userId);
  }

  /** After a link was verified: an auth code when the user started a PKCE flow, else null (implicit flow). */
  issueCode(userId: string, authMethod: AuthMethod): string | null {
    const challenge = this.challenges.get(userId);
    this.challenges.delete(userId);
    if (!challenge || Date.now() - challenge.createdAt > CHALLENGE_TTL_MS) return null;
    const code = randomUUID();
    this.codes.set(code, { ...challenge, createdAt: Date.now(), userId, authMethod });
    return code;
  }

  exchange(authCode: string, verifier: string): { userId: string; authMethod: AuthMethod } {
    const entry = this.codes.get(authCode);
    if (!entry || Date.now() - entry.createdAt > AUTH_CODE_TTL_MS) {
      this.codes.delete(authCode);
      throw badRequest(ErrorCodes.flowStateNotFound, Messages.flowStateNotFound);
    }
    const expected = entry.method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
    const a = Buffer.from(expected);
    const b = Buffer.from(entry.challenge);
    if (a.length !== b.length || !timingSafeEqual(a, b)) throw badRequest(ErrorCodes.badCodeVerifier, Messages.badCodeVerifier);
    this.codes.delete(authCode);
    return { userId: entry.userId, authMethod: entry.authMethod };
  }
}
