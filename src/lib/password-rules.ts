/**
 * What the auth server's `weak_password` refusal means, in words a member can act on.
 * Shared by sign-up and the password change in settings. Pure; tests import it.
 */

export const WEAK_PASSWORD_CODE = 'weak_password';

/** The pwned reason's text as GoTrue words it. */
export const PASSWORD_PWNED_MESSAGE = 'Password is known to be weak and easy to guess, please choose a different one.';

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';

/** Names the character sets GoTrue lists ("...at least one character of each: abc…, 012…."). */
function nameOfSet(set: string): string {
  if (set === LOWER + UPPER) return 'a letter';
  if (set === LOWER) return 'a lowercase letter';
  if (set === UPPER) return 'an uppercase letter';
  if (set === DIGITS) return 'a digit';
  return 'a symbol';
}

const CHARACTER_SETS_PREFIX = 'Password should contain at least one character of each: ';

type WeakPasswordLike = { code?: unknown; message?: unknown; reasons?: unknown };

/**
 * One line per reason the server gave (length, characters, pwned); empty when the error
 * is not a weak-password refusal. The sentences keep GoTrue's wording where it is readable.
 */
export function weakPasswordReasons(error: unknown): string[] {
  if (!error || typeof error !== 'object') return [];
  const e = error as WeakPasswordLike;
  const reasons = Array.isArray(e.reasons) ? e.reasons.filter((r): r is string => typeof r === 'string') : [];
  if (e.code !== WEAK_PASSWORD_CODE && reasons.length === 0) return [];
  const message = typeof e.message === 'string' ? e.message : '';
  const lines: string[] = [];
  for (const reason of reasons) {
    if (reason === 'length') {
      lines.push(/Password should be at least \d+ characters\./.exec(message)?.[0] ?? 'Password is too short.');
    } else if (reason === 'characters') {
      const start = message.indexOf(CHARACTER_SETS_PREFIX);
      const list = start >= 0 ? message.slice(start + CHARACTER_SETS_PREFIX.length).replace(/\.$/, '') : '';
      const names = list ? list.split(', ').map(nameOfSet) : [];
      lines.push(names.length > 0 ? `Password should contain at least one of each: ${names.join(', ')}.` : 'Password needs more kinds of characters.');
    } else if (reason === 'pwned') {
      lines.push(PASSWORD_PWNED_MESSAGE);
    }
  }
  return lines;
}
