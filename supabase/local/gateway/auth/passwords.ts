import bcrypt from 'bcryptjs';
import type { AuthSettings } from '../../config';
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

export interface PasswordRules {
  minimumLength: number;
  /** each set must contribute at least one character */
  requiredCharacters: readonly string[];
}

export const passwordRules = (settings: AuthSettings): PasswordRules => ({
  minimumLength: settings.minimumPasswordLength,
  requiredCharacters: settings.passwordRequiredCharacters,
});

/**
 * GoTrue's checkPasswordStrength: at most 72 bytes, at least the minimum length (in bytes),
 * and a character of each required set; a weak password is 422 `weak_password` with every reason.
 */
export function checkPasswordStrength(password: string, rules: PasswordRules): void {
  const bytes = Buffer.byteLength(password, 'utf8');
  if (bytes > MAX_PASSWORD_BYTES) throw badRequest(ErrorCodes.validationFailed, Messages.passwordTooLong);
  const reasons: string[] = [];
  const messages: string[] = [];
  if (bytes < rules.minimumLength) {
    reasons.push('length');
    messages.push(Messages.weakPasswordLength(rules.minimumLength));
  }
  const lacksASet = rules.requiredCharacters.some((set) => set && ![...password].some((ch) => set.includes(ch)));
  if (lacksASet) {
    reasons.push('characters');
    messages.push(Messages.weakPasswordCharacters(rules.requiredCharacters));
  }
  if (reasons.length > 0) throw new AuthError(422, ErrorCodes.weakPassword, messages.join(' '), reasons);
}
