/** Constants of the app shell: texts, limits and keys. Tests import them from here. */

export const APP_NAME = 'DJCircle';
export const APP_TITLE = `${APP_NAME} – The Future of DJ Culture`;

/** Local storage key of the chosen theme; product specific so it never clashes with another app on the origin. */
export const THEME_STORAGE_KEY = 'djcircle-theme';
export const SIDEBAR_STORAGE_KEY = 'djcircle-sidebar';
export const DEFAULT_THEME = 'dark' as const;

/**
 * Tailwind's `md` and `xl` breakpoints as media queries, for the parts that only those widths show (the sidebar,
 * the hub's and a thread's side columns): narrower windows do not render them at all (`useMediaQuery`).
 */
export const MEDIA_MD_UP = '(min-width: 48rem)';
export const MEDIA_XL_UP = '(min-width: 80rem)';

export const SIDEBAR_OPEN_WIDTH_PX = 256;
export const SIDEBAR_COLLAPSED_WIDTH_PX = 80;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ['F8'];

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const SCROLL_AREA_HIDE_DELAY_MS = 600;

export const NOTIFICATION_BADGE_CAP = 9;

export const MESSAGES = {
  authenticating: 'Authenticating...',
  useAuthOutsideProvider: 'useAuth must be used within an AuthProvider',
  unauthorizedAdminAccess: 'unauthorized_admin_access',
  markAllAsRead: 'Mark all as read',
  noNewNotifications: 'No new notifications.',
  viewAllNotifications: 'View All Notifications',
  lightMode: 'Light Mode',
  darkMode: 'Dark Mode',
  back: 'Back',
  offline: 'Offline',
  /** Toast title for a change kept on the device while offline: it is not sent yet. */
  savedOnDevice: 'Saved on this device',
  /** Toast title once replication delivered a change made offline. */
  sentNow: 'Sent',
  newVersionTitle: 'A new version is available',
  newVersionDescription: 'Reload to get the latest DJCircle.',
  reload: 'Reload',
  renderErrorTitle: 'Something went wrong',
  renderErrorBody: 'This page could not be shown. Anything you typed is kept on this device; reload to try again.',
  noUserLoggedIn: 'No user logged in or user ID is missing',
} as const;

/** Formats the unread count for the bell badge: above the cap it reads '9+'. */
export function formatBadgeCount(count: number): string {
  return count > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(count);
}

/** Where supabase-js keeps the member's session in localStorage. */
export const AUTH_STORAGE_KEY = 'djcircle-auth';

/** Where the texts of refused writes are kept, for the member to open, copy and send again. */
export const REJECTED_DRAFTS_PATH = '/discussions/drafts';

/** Performance mark set when the launch starts opening the local store: where the device's own sync work begins (benchmarks read it). */
export const STORE_OPENING_MARK = 'djcircle:store-opening';

/** Performance mark of the first screen on the glass (the moment background work may start from); the benchmarks count long tasks before it. */
export const FIRST_SCREEN_MARK = 'djcircle:first-screen';
