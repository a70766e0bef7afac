import { describe, expect, it } from 'vitest';
import { PASSWORD_REQUIREMENTS } from '../../supabase/local/gateway/auth/password-requirements';
import { Messages } from '../../supabase/local/gateway/auth/messages';
import { SETTINGS_MESSAGES } from '../../src/features/settings/constants';
import { needsReauthentication, validatePasswordChange } from '../../src/features/settings/model/password-change';
import { PASSWORD_PWNED_MESSAGE, weakPasswordReasons } from '../../src/lib/password-rules';

/** The error the auth server sends, as supabase-js hands it to the app. */
const weak = (reasons: string[], sets: string[] = PASSWORD_REQUIREMENTS.letters_digits) => ({
  code: 'weak_password',
  reasons,
  message: [reasons.includes('length') ? Messages.weakPasswordLength(8) : '', reasons.includes('characters') ? Messages.weakPasswordCharacters(sets) : '']
    .filter(Boolean)
    .join(' '),
});

describe('weakPasswordReasons', () => {
  it('turns each reason into a sentence the member can act on', () => {
    expect(weakPasswordReasons(weak(['length', 'characters']))).toEqual([
      'Password should be at least 8 characters.',
      'Password should contain at least one of each: a letter, a digit.',
    ]);
  });

  it('names lower, upper, digit and symbol sets', () => {
    expect(weakPasswordReasons(weak(['characters'], PASSWORD_REQUIREMENTS.lower_upper_letters_digits_symbols))).toEqual([
      'Password should contain at least one of each: a lowercase letter, an uppercase letter, a digit, a symbol.',
    ]);
  });

  it('keeps the leaked-password text and ignores other errors', () => {
    expect(weakPasswordReasons({ code: 'weak_password', reasons: ['pwned'], message: '' })).toEqual([PASSWORD_PWNED_MESSAGE]);
    expect(weakPasswordReasons({ code: 'invalid_credentials', message: 'Invalid login credentials' })).toEqual([]);
    expect(weakPasswordReasons(null)).toEqual([]);
  });
});

describe('password change form', () => {
  it('checks both fields, their match, the minimum length and, once asked, the code', () => {
    expect(validatePasswordChange({ password: '', confirm: '', code: '' }, false)).toBe(SETTINGS_MESSAGES.passwordRequired);
    expect(validatePasswordChange({ password: 'abcdef1', confirm: 'abcdef2', code: '' }, false)).toBe(SETTINGS_MESSAGES.passwordsMismatch);
    expect(validatePasswordChange({ password: 'abc', confirm: 'abc', code: '' }, false)).toBe(SETTINGS_MESSAGES.passwordTooShort);
    expect(validatePasswordChange({ password: 'abcdef1', confirm: 'abcdef1', code: '' }, false)).toBeNull();
    expect(validatePasswordChange({ password: 'abcdef1', confirm: 'abcdef1', code: ' ' }, true)).toBe(SETTINGS_MESSAGES.codeRequired);
  });

  it('recognises the server asking for reauthentication', () => {
    expect(needsReauthentication({ code: 'reauthentication_needed', message: Messages.reauthenticationNeeded })).toBe(true);
    expect(needsReauthentication({ code: 'weak_password' })).toBe(false);
  });
});
