/** Rules and texts of profile settings and tip jar settings. Tests import them. */
import { BIO_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH, LOCATION_MAX_LENGTH } from '@/lib/profile-rules';

export {
  BIO_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  SIGNATURE_MAX_LENGTH,
  USERNAME_PATTERN,
  USERNAME_RULE_MESSAGE,
} from '@/lib/profile-rules';

export const SOCIAL_NETWORKS = ['soundcloud', 'mixcloud', 'instagram', 'website'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  soundcloud: 'SoundCloud',
  mixcloud: 'Mixcloud',
  instagram: 'Instagram',
  website: 'Website',
};

export const SETTINGS_MESSAGES = {
  profileTitle: 'Profile Settings',
  profileSubtitle: 'How the community sees you.',
  usernameEmpty: 'Username cannot be empty.',
  signatureTooLong: 'Signature must be 255 characters or fewer.',
  displayNameTooLong: `Display name must be ${DISPLAY_NAME_MAX_LENGTH} characters or fewer.`,
  bioTooLong: `Bio must be ${BIO_MAX_LENGTH} characters or fewer.`,
  locationTooLong: `Location must be ${LOCATION_MAX_LENGTH} characters or fewer.`,
  avatarUrlInvalid: 'Avatar URL must be a web address starting with https:// (or leave it empty).',
  bannerUrlInvalid: 'Banner URL must be a web address starting with https:// (or leave it empty).',
  profileSaveFailed: 'Failed to update profile. The username might already be taken or another error occurred.',
  updateFailedTitle: 'Update Failed',
  profileUpdatedTitle: 'Profile Updated',
  profileUpdated: 'Your profile has been saved.',
  sentAfterOffline: 'Your changes made offline have been saved.',
  savedOffline: "Saved on this device. It will sync when you're back online.",
  draftRestored: 'Your unsaved changes from last time are back in the form. Save to keep them, or discard them.',
  discardDraft: 'Discard changes',
  rejected: (reason: string) => `The server did not accept your last change: ${reason}`,
  noUser: 'No user logged in or user ID is missing',
  tipJarTitle: 'Tip Jar Settings',
  tipJarSubtitle: 'Let fans support you directly.',
  tipJarToggle: 'Enable Tip Jar',
  cryptoOption: 'Crypto',
  paypalOption: 'PayPal',
  cryptoLabel: 'Crypto wallet address',
  paypalLabel: 'PayPal email or PayPal.Me link',
  cryptoMissing: 'Please provide a crypto address if the crypto tip jar is enabled.',
  paypalMissing: 'Please provide a PayPal email address or PayPal.Me link if the PayPal tip jar is enabled.',
  missingInfoTitle: '⚠️ Missing Information',
  tipJarSaveFailed: 'Failed to update Tip Jar settings.',
  tipJarSavedTitle: 'Tip Jar Settings Saved',
  tipJarSaved: 'Your tip jar settings have been updated.',
  supportPlatformLink: 'Support the platform',
  backToProfile: 'Back to my profile',
  save: 'Save Changes',
  saving: 'Saving...',
  passwordTitle: 'Change Password',
  passwordSubtitle: 'Choose a new password for signing in.',
  passwordLink: 'Change password',
  newPasswordLabel: 'New password',
  confirmPasswordLabel: 'Confirm new password',
  codeLabel: 'Code from the e-mail',
  passwordRequired: 'Please enter the new password twice.',
  passwordsMismatch: 'Passwords do not match.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  codeRequired: 'Please enter the code from the e-mail.',
  codeSent: 'We sent a code to your e-mail address. Enter it below to confirm the change.',
  sendNewCode: 'Send a new code',
  newCodeSent: 'A new code is on its way to your e-mail address.',
  passwordOffline: "You're offline. Changing your password needs a connection: try again once you're back online.",
  changePassword: 'Change password',
  changingPassword: 'Changing...',
  passwordChangedTitle: 'Password Changed',
  passwordChanged: 'Your password has been changed.',
  passwordChangeFailed: 'Failed to change your password. Please try again.',
} as const;

/** The auth server's answer when a password change needs the e-mailed code first. */
export const REAUTHENTICATION_NEEDED_CODE = 'reauthentication_needed';

/** Texts of the background refresh setting (Periodic Background Sync). */
export const BACKGROUND_REFRESH_TEXT = {
  title: 'Background refresh',
  description:
    'Now and then, with the app closed, your phone fetches what is new in the threads you keep, your notifications and the blog, so they are there when you open DJCircle with no signal. It needs DJCircle installed from Chrome or Edge, and is skipped while Data Saver is on.',
  switchLabel: 'Refresh in the background',
  registered: 'On: the browser refreshes DJCircle at most twice a day.',
  waiting: 'On, once DJCircle is installed and Data Saver is off.',
  off: 'Off: DJCircle refreshes when you open it.',
  unsupported: 'This browser does not refresh apps in the background; DJCircle refreshes when you open it.',
} as const;
