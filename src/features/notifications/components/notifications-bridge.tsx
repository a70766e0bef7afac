import { useEffect } from 'react';
import { useHeaderNotifications } from '../hooks/use-notifications';

export type HeaderNotificationsValue = ReturnType<typeof useHeaderNotifications>;

/**
 * Renders nothing: reports the member's notifications to the shell. Loaded
 * lazily by the app so the local store's code stays out of the first screen.
 */
export default function NotificationsBridge({ userId, onChange }: { userId: string | null; onChange: (value: HeaderNotificationsValue) => void }) {
  const value = useHeaderNotifications(userId);
  useEffect(() => {
    onChange(value);
  }, [value, onChange]);
  return null;
}
