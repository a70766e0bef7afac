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
