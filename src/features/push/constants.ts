/** Texts and keys of the push settings and the offer after a reply; tests import them from here. */

export const PUSH_PREFERENCE_KEYS = ['replies', 'quotes_mentions', 'followers', 'likes'] as const;
export type PushPreferenceKey = (typeof PUSH_PREFERENCE_KEYS)[number];
export type PushPreferences = Record<PushPreferenceKey, boolean>;

/** What a new subscription starts with; the column default of push_subscriptions.preferences says the same. */
export const DEFAULT_PUSH_PREFERENCES: PushPreferences = { replies: true, quotes_mentions: true, followers: true, likes: true };

export const PUSH_PREFERENCE_LABELS: Record<PushPreferenceKey, { label: string; hint: string }> = {
  replies: { label: 'Replies', hint: 'Someone replies to a discussion you started.' },
  quotes_mentions: { label: 'Quotes and mentions', hint: 'Someone quotes your post or mentions your @username.' },
  followers: { label: 'New followers', hint: 'Someone starts following you.' },
  likes: { label: 'Likes', hint: 'Someone likes one of your posts.' },
};

export const PUSH_TEXTS = {
  sectionTitle: 'Push notifications',
  sectionDescription: 'Get a notification on this device when something happens, even when the app is closed. Each device has its own setting.',
  deviceSwitch: 'Push notifications on this device',
  typesHeading: 'Notify me about',
  signedOut: 'Sign in to get push notifications on this device.',
  unsupported: 'This browser cannot receive push notifications. On iPhone and iPad, add the app to your home screen first.',
  notConfigured: 'Push notifications are not set up for this app yet.',
  blocked: 'Notifications are blocked for this site. Allow them in your browser settings, then turn this on again.',
  permissionDismissed: 'Notifications were not allowed, so push stays off on this device.',
  enableFailed: 'Push notifications could not be turned on. Check your connection and try again.',
  disableFailed: 'Push notifications could not be turned off. Check your connection and try again.',
  saveFailed: 'Your choice could not be saved. Check your connection and try again.',
  enabled: 'Push notifications are on for this device.',
  offerTitle: 'Want to know when someone answers?',
  offerBody: 'Turn on notifications and we will tell you about replies to your posts, even when the app is closed.',
  offerAccept: 'Turn on notifications',
  offerDismiss: 'Not now',
} as const;

/** Local storage key: the member answered the offer after a reply (either way), so it never shows again. */
export const PUSH_OFFER_DECIDED_KEY = 'djcircle-push-offer-decided';
/** How long to wait for the service worker before telling the member push is unavailable. */
export const SERVICE_WORKER_READY_TIMEOUT_MS = 10_000;
