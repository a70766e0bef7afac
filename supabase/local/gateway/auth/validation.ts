import { badRequest } from './errors';
import { ErrorCodes, Messages } from './messages';

// The shape GoTrue's checkmail.ValidateFormat accepts, near enough: local@domain with a dot-free-ending host.
const EMAIL_FORMAT = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's validateEmail: required, at most 255 characters, a valid address; returned lower-cased. */
export function validateEmail(raw: string | null | undefined): string {
  const email = (raw ?? '').trim();
  if (!email) throw badRequest(ErrorCodes.validationFailed, Messages.emailRequired);
  if (email.length > 255) throw badRequest(ErrorCodes.validationFailed, Messages.emailTooLong);
  if (!EMAIL_FORMAT.test(email)) throw badRequest(ErrorCodes.validationFailed, Messages.emailInvalid);
  return email.toLowerCase();
}

export const isUuid = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

const DURATION_UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Go's time.ParseDuration (admin `ban_duration`, e.g. "24h", "1h30m"), in milliseconds; null when invalid. */
export function parseGoDuration(raw: string): number | null {
  const match = /^([+-]?)((?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+)$/.exec(raw);
  if (!match) return raw === '0' ? 0 : null;
  let total = 0;
  for (const part of match[2].matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) {
    total += Number(part[1]) * DURATION_UNITS[part[2]];
  }
  return match[1] === '-' ? -total : total;
}
