import * as z from 'zod/mini';
import { CONTACT_VALIDATION } from './constants';

export type ContactInput = { name: string; email: string; subject: string; message: string };
export type ContactErrors = Partial<Record<keyof ContactInput, string>>;

/** Same rule as the database trigger, so what the form accepts the server accepts. */
export const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function validateContact(input: ContactInput): ContactErrors {
  const errors: ContactErrors = {};
  if (input.name.trim() === '') errors.name = CONTACT_VALIDATION.nameRequired;
  if (input.email.trim() === '') errors.email = CONTACT_VALIDATION.emailRequired;
  else if (!EMAIL_PATTERN.test(input.email.trim())) errors.email = CONTACT_VALIDATION.emailInvalid;
  if (input.subject.trim() === '') errors.subject = CONTACT_VALIDATION.subjectRequired;
  if (input.message.trim() === '') errors.message = CONTACT_VALIDATION.messageRequired;
  return errors;
}

const contactInputSchema = z.object({ name: z.string(), email: z.string(), subject: z.string(), message: z.string() });

/** A kept draft of the form, when it has the form's shape (a draft from another build may not). */
export function parseContactInput(stored: unknown): ContactInput | null {
  const result = contactInputSchema.safeParse(stored);
  return result.success ? result.data : null;
}
