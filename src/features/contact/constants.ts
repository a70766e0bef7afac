import { MESSAGES } from '@/lib/shell-constants';
/** Contact page (a message is stored on the device and queued while offline). */

export const RESPONSE_TARGET = '24-48 hours';
export const CONTACT_EMAIL = 'hello@djcircle.app';

export const CONTACT_TEXTS = {
  title: 'Contact Us',
  subtitle: 'Questions, feedback, partnerships or a problem with your account: we read everything.',
  infoHeading: 'Contact Information',
  info: [
    { label: 'Email', value: CONTACT_EMAIL },
    { label: 'Community', value: 'Ask in the Help & Support category of the Community Hub' },
    { label: 'Press & partnerships', value: 'partners@djcircle.app' },
  ],
  hoursHeading: 'Business Hours',
  hours: 'Monday to Friday: 9 AM to 6 PM (local time)',
  weekends: 'Weekends: we check messages periodically',
  responseHeading: 'Response Time',
  response: `We aim to reply within ${RESPONSE_TARGET}.`,
  formHeading: 'Send us a message',
  name: 'Name',
  email: 'Email',
  subject: 'Subject',
  message: 'Message',
  send: 'Send Message',
  sending: 'Sending...',
  success: "Message sent successfully! We'll be in touch.",
  failure: 'Failed to send message. Please try again.',
  queued: 'You are offline: your message is saved on this device and will be sent automatically when you reconnect.',
} as const;

export const CONTACT_TOASTS = {
  queued: { title: MESSAGES.savedOnDevice, description: 'Your message will be sent when you are back online.' },
  deliveredLater: { title: 'Message Sent!', description: 'The message you wrote offline has been delivered.' },
  sent: { title: 'Message Sent!', description: `Thanks for reaching out. We aim to reply within ${RESPONSE_TARGET}.` },
  failed: { title: 'Uh oh! Something went wrong', description: 'Failed to send message. Please try again.' },
} as const;

export const CONTACT_VALIDATION = {
  nameRequired: 'Name is required.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  subjectRequired: 'Subject is required.',
  messageRequired: 'Message is required.',
} as const;

/** The database's limits (contact_messages_lengths). */
export const CONTACT_LIMITS = { name: 200, email: 320, subject: 300, message: 10000 } as const;
