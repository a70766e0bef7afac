/** Texts and rules of the login and signup screens. Tests import them. */
export { PASSWORD_MIN_LENGTH, USERNAME_PATTERN, USERNAME_RULE_MESSAGE } from '@/lib/profile-rules';

export const AUTH_MESSAGES = {
  profileGone: 'This profile is no longer on this device.',
  loginMissingFields: 'Please enter both email and password.',
  loginFailedFallback: 'Failed to login. Please check your credentials.',
  loginFailedTitle: 'Login Failed',
  loginUnexpected: 'An unexpected error occurred during login.',
  authNeedsCredentials: 'You must provide either an email or phone number and a password',
  signupHoneypot: 'There was an issue with your signup. Please try again.',
  signupAllRequired: 'All fields are required.',
  signupPasswordsMismatch: 'Passwords do not match.',
  signupPasswordTooShort: 'Password must be at least 6 characters long.',
  signupUsernameTaken: 'This username is already taken. Please choose another one.',
  signupRateLimited: 'Too many attempts. Please try again later.',
  signupAlreadyRegistered: 'This email is already registered. Try logging in.',
  signupFailedFallback: 'Failed to sign up. Please try again.',
  signupUnexpected: 'An unexpected error occurred during signup.',
  signupFailedTitle: 'Signup Failed',
  confirmEmail: 'Please check your email to confirm your account before logging in.',
  signedUpAndIn: "Your account has been created and you're logged in.",
  signedUpTitle: 'Welcome to the community!',
  confirmEmailTitle: 'Confirm your e-mail',
  offlineSignIn: "You're offline. Signing in needs a connection: what you typed is kept, try again once you're back online.",
  offlineSignUp: "You're offline. Creating an account needs a connection: what you typed is kept, try again once you're back online.",
  welcomeBack: 'Welcome back!',
} as const;

/** The confirm-e-mail toast stays 10 s. */
export const CONFIRM_EMAIL_TOAST_MS = 10_000;
