/** Texts of the install offer; tests import them from here. */
export const INSTALL_TEXT = {
  title: 'Install DJCircle',
  description: 'Open it from your home screen, read kept threads with no signal and get replies as notifications.',
  install: 'Install',
  notNow: 'Not now',
  iosTitle: 'Add DJCircle to your Home Screen',
  iosSteps: 'Tap the Share button in Safari, then "Add to Home Screen". Notifications and the unread count on the icon need it on iPhone and iPad.',
} as const;

/** Set once the member answered the offer (installed or "Not now"); it is not shown again on this device. */
export const INSTALL_DECIDED_KEY = 'djcircle-install-decided';

/** The Background Sync tag the page registers while writes wait; the worker sends the outbox when it fires. */
export const OUTBOX_SYNC_TAG = 'djcircle-outbox';

/** The worker says here that it logged outcomes, so a page already running tells them now, not at its next open. */
export const BACKGROUND_OUTCOMES_CHANNEL = 'djcircle-background-outcomes';

/** The Periodic Background Sync tag: while the app is installed, the worker keeps the device fresh between opens. */
export const PERIODIC_REFRESH_TAG = 'djcircle-refresh';
/** At most this often; the browser may wait longer (it weighs how much the app is used). */
export const PERIODIC_REFRESH_MIN_INTERVAL_MS = 12 * 60 * 60 * 1000;

/** What the member is told on opening the app about writes the worker handled while it was closed. */
export const BACKGROUND_SYNC_TEXT = {
  sentTitle: 'Sent while the app was closed',
  sentDescription: (count: number) => (count === 1 ? '1 change you made offline reached the server.' : `${count} changes you made offline reached the server.`),
} as const;
