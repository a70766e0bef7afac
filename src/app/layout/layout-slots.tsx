import { createContext, useContext, type ReactNode } from 'react';

/** One entry of the header's notification panel; the notifications feature maps its rows to this. */
export type HeaderNotificationItem = {
  id: string;
  /** What happened, e.g. "dj_sam replied to your post". */
  text: string;
  createdAt: string;
  isRead: boolean;
  /** In-app path opened on click (the target thread or profile). */
  href: string;
  /** Search params for that path, e.g. `{ post }` so the thread scrolls to and highlights the post. */
  search?: Record<string, string | undefined>;
  actorAvatarUrl?: string | null;
  actorName?: string | null;
};

/** What the header's bell needs. The notifications engineer provides it through LayoutSlotsProvider. */
export type HeaderNotifications = {
  unreadCount: number;
  items: HeaderNotificationItem[];
  loading?: boolean;
  markAsRead: (id: string) => void;
  markAllAsRead: () => void;
};

export type LayoutSlots = {
  notifications: HeaderNotifications;
  /** The sidebar's online-now list (presence feature); receives whether the sidebar is collapsed. */
  renderOnlineNow?: (options: { collapsed: boolean }) => ReactNode;
  /** The mini player (player feature), below the page, outside the routed screen so it keeps playing. */
  player?: ReactNode;
};

export const EMPTY_NOTIFICATIONS: HeaderNotifications = {
  unreadCount: 0,
  items: [],
  markAsRead: () => undefined,
  markAllAsRead: () => undefined,
};

const LayoutSlotsContext = createContext<LayoutSlots>({ notifications: EMPTY_NOTIFICATIONS });

export function LayoutSlotsProvider({ value, children }: { value: LayoutSlots; children: ReactNode }) {
  return <LayoutSlotsContext.Provider value={value}>{children}</LayoutSlotsContext.Provider>;
}

export function useLayoutSlots(): LayoutSlots {
  return useContext(LayoutSlotsContext);
}
