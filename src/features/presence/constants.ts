/** Presence texts and limits. Tests import them. */
export const PRESENCE_CHANNELS = { panel: 'online-users', sidebar: 'sidebar-online-users' } as const;

export const PANEL_FULL_ROWS = 5;
/** Members shown in the panel in all: the full rows, then small avatars. */
export const PANEL_MAX_SHOWN = 7;
export const SIDEBAR_ONLINE_LIMIT = 5;
export const PANEL_TOOLTIP_DELAY_MS = 100;
export const GUEST_USERNAME = 'Guest';
/**
 * A signed-in tab stamps its presence heartbeat this often. The database counts a member online
 * for 90 s after the last stamp (online_members()), so this must stay well below that.
 */
export const PRESENCE_HEARTBEAT_MS = 30_000;
/** Who the database vouches for is asked again this often, so a member who left drops out. */
export const PRESENCE_VOUCH_REFRESH_MS = 30_000;

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
