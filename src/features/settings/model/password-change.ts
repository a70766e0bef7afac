import { PASSWORD_MIN_LENGTH } from '@/lib/profile-rules';
import { REAUTHENTICATION_NEEDED_CODE, SETTINGS_MESSAGES } from '../constants';

export type PasswordChangeForm = { password: string; confirm: string; code: string };

/** The form's own checks before anything is sent; the first failing one wins. */
export function validatePasswordChange(form: PasswordChangeForm, codeAsked: boolean): string | null {
  if (!form.password || !form.confirm) return SETTINGS_MESSAGES.passwordRequired;
  if (form.password !== form.confirm) return SETTINGS_MESSAGES.passwordsMismatch;
  if (form.password.length < PASSWORD_MIN_LENGTH) return SETTINGS_MESSAGES.passwordTooShort;
  if (codeAsked && !form.code.trim()) return SETTINGS_MESSAGES.codeRequired;
  return null;
}

/** true when the server wants the reauthentication code before it changes the password */
export function needsReauthentication(error: unknown): boolean {
  return Boolean(error && typeof error === 'object' && (error as { code?: unknown }).code === REAUTHENTICATION_NEEDED_CODE);
}

/** The server's own message (GoTrue's wording), else the generic failure text. */
export function passwordErrorMessage(error: unknown): string {
  const message = error && typeof error === 'object' ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : SETTINGS_MESSAGES.passwordChangeFailed;
}
