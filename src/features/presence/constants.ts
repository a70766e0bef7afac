/** Presence texts and limits. Tests import them. */
/**
 * The realtime presence channels earlier app versions joined. This version no longer joins them
 * (every arrival cost every page a message); tests and the fan-out benchmark still use them.
 */
export const PRESENCE_CHANNELS = { panel: 'online-users', sidebar: 'sidebar-online-users' } as const;
/** The private topic the database sends the online list on, and its event (supabase/migrations/*_presence_summary.sql). */
export const ONLINE_TOPIC = 'online';
export const ONLINE_EVENT = 'summary';
/** The online topic speaks at most once per this window (the database's throttle; keep them equal). */
export const ONLINE_SIGNAL_WINDOW_MS = 10_000;
/**
 * The database looks this often for what a window held back and sends it once the window is open
 * again, whatever tabs remain (the pg_cron job in supabase/migrations/*_flush_every_two_seconds.sql;
 * keep them equal): a held arrival or departure is out at most the window plus this after the summary before it.
 */
export const ONLINE_FLUSH_INTERVAL_MS = 2_000;
/**
 * Tabs one caller may have counted online at once: a visitor's address, a member's id (the database's
 * limit in supabase/migrations/*_presence_tab_limits.sql; keep them equal). A tab past it is refused
 * with this status and shows the list without being counted.
 */
export const PRESENCE_TABS_PER_CALLER = 20;
export const PRESENCE_REFUSED_CODE = 'PT429';

export const PANEL_FULL_ROWS = 5;
/** Members shown in the panel in all: the full rows, then small avatars. */
export const PANEL_MAX_SHOWN = 7;
export const SIDEBAR_ONLINE_LIMIT = 5;
export const PANEL_TOOLTIP_DELAY_MS = 100;
/**
 * An open tab stamps its presence this often, and gets the online list back: well below the 90 s
 * after which the database stops counting a silent tab, and the latest a list held back by the
 * window reaches a quiet page.
 */
export const PRESENCE_HEARTBEAT_MS = 30_000;

export const PRESENCE_MESSAGES = {
  heading: (count: number) => `${count} Online Now`,
  empty: 'The dance floor is quiet... invite some friends!',
  more: (n: number) => `and ${n} more members online`,
  guests: (n: number) => `${n} Guest(s) browsing`,
  sidebarHeading: 'Online Now',
  sidebarEmpty: 'Nobody else is online right now.',
  offline: "Who's online is unavailable while you're offline.",
  connecting: 'Connecting...',
} as const;
