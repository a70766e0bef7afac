import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { PresenceProvider, useShellPresence } from '@/features/presence/components/presence-provider';
import { SidebarOnlineList } from '@/features/presence/components/sidebar-online-list';
import { PushSignOutCleanup } from '@/features/push/components/push-sign-out-cleanup';
import { importWhenOnline } from '@/lib/import-when-online';
import { usePlayerStore } from '@/stores/player-store';
import { useAppBadge } from './pwa/app-badge';
import { EMPTY_NOTIFICATIONS, LayoutSlotsProvider, type HeaderNotifications, type LayoutSlots } from './layout/layout-slots';

// The bell reads the local store; RxDB loads after the first screen instead of with it.
const NotificationsBridge = lazy(() => importWhenOnline(() => import('@/features/notifications/components/notifications-bridge')));
// The player's code loads when something is first played.
const MiniPlayer = lazy(() => import('@/features/player/components/mini-player').then((m) => ({ default: m.MiniPlayer })));

/**
 * Plugs the notifications and presence features into the shell's header and
 * sidebar slots, and stops this device's pushes when its member signs out.
 * Both presence channels are joined once here, on every page; the sidebar, the
 * mobile drawer and the home panel render them.
 */
export function FeatureSlots({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const member = useMemo(() => (user ? { id: user.id, username: user.username, avatar_url: user.avatar_url } : null), [user]);
  return (
    <PresenceProvider member={member}>
      <Slots>{children}</Slots>
    </PresenceProvider>
  );
}

function Slots({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [notifications, setNotifications] = useState<HeaderNotifications>(EMPTY_NOTIFICATIONS);
  const presence = useShellPresence().sidebar;
  // Until the member's notifications are read from the device, the count the worker set on a push stays.
  useAppBadge(userId ? (notifications === EMPTY_NOTIFICATIONS ? null : notifications.unreadCount) : 0);
  const playing = usePlayerStore((s) => s.track !== null);
  const renderOnlineNow = useCallback(({ collapsed }: { collapsed: boolean }) => <SidebarOnlineList presence={presence} collapsed={collapsed} />, [presence]);
  const value = useMemo<LayoutSlots>(
    () => ({
      notifications: userId ? notifications : EMPTY_NOTIFICATIONS,
      renderOnlineNow,
      player: playing ? (
        <Suspense fallback={null}>
          <MiniPlayer />
        </Suspense>
      ) : null,
    }),
    [userId, notifications, renderOnlineNow, playing],
  );
  return (
    <LayoutSlotsProvider value={value}>
      <PushSignOutCleanup />
      {userId ? (
        <Suspense fallback={null}>
          <NotificationsBridge userId={userId} onChange={setNotifications} />
        </Suspense>
      ) : null}
      {children}
    </LayoutSlotsProvider>
  );
}
