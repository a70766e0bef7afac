import bcrypt from 'bcryptjs';
import { AuthError, badRequest } from './errors';
import { BCRYPT_COST, ErrorCodes, MAX_PASSWORD_BYTES, Messages } from './messages';

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

/** Accepts `$2a$` (pgcrypto's `crypt(…, gen_salt('bf'))`, used by seeds), `$2b$` and `$2y$` hashes. */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !isBcryptHash(hash)) return false;
  // bcryptjs only knows the 2a/2b prefixes; 2y (PHP) is the same algorithm.
  const normalized = hash.startsWith('$2y$') ? `$2b$${hash.slice(4)}` : hash;
  try {
    return await bcrypt.compare(password, normalized);
  } catch {
    return false;
  }
}

export function isBcryptHash(hash: string): boolean {
  return /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/.test(hash);
}

/** GoTrue's checkPasswordStrength with the default (length-only) rules: minimum length in bytes, at most 72 bytes. */
export function checkPasswordStrength(password: string, minimumLength: number): void {
  const bytes = Buffer.byteLength(password, 'utf8');
  if (bytes > MAX_PASSWORD_BYTES) throw badRequest(ErrorCodes.validationFailed, Messages.passwordTooLong);
  if (bytes < minimumLength) {
    throw new AuthError(422, ErrorCodes.weakPassword, Messages.weakPasswordLength(minimumLength), ['length']);
  }
}
