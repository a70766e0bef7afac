import { useDeferredPopup } from '@/launch/deferred-popup';
import { BellButton } from './bell-button';
import type { HeaderNotifications } from './layout-slots';

// The panel's code (Radix popover, scroll area, floating-ui) is not needed for the first paint, only when the bell is used.
const loadPanel = () => import('./notification-panel').then((m) => m.NotificationPanel);

/** The bell with its unread badge ('9+' above 9) and the panel of recent notifications. */
export function NotificationBell({ notifications }: { notifications: HeaderNotifications }) {
  const { Loaded, triggerProps } = useDeferredPopup(loadPanel, 'dialog');
  if (Loaded) return <Loaded notifications={notifications} defaultOpen />;
  return <BellButton unreadCount={notifications.unreadCount} {...triggerProps} />;
}
