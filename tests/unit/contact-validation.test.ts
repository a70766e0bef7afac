import { describe, expect, it } from 'vitest';
import { CONTACT_VALIDATION } from '@/features/contact/constants';
import { validateContact } from '@/features/contact/validation';

describe('contact form', () => {
  it('requires name, a valid email, subject and message', () => {
    expect(validateContact({ name: ' ', email: '', subject: '', message: '' })).toEqual({
      name: CONTACT_VALIDATION.nameRequired,
      email: CONTACT_VALIDATION.emailRequired,
      subject: CONTACT_VALIDATION.subjectRequired,
      message: CONTACT_VALIDATION.messageRequired,
    });
    expect(validateContact({ name: 'a', email: 'a@b', subject: 's', message: 'm' }).email).toBe(CONTACT_VALIDATION.emailInvalid);
    expect(validateContact({ name: 'a', email: 'a@b.co', subject: 's', message: 'm' })).toEqual({});
  });
});
