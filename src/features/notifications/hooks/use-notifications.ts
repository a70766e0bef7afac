import { useCallback, useMemo } from 'react';
import { usePulled } from '@/db/hooks/use-pulled';
import { useDatabase } from '@/db/hooks/use-database';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import type { RxDocument } from 'rxdb';
import type { NotificationDoc } from '@/db/schemas/notifications';
import { NOTIFICATIONS_LIMIT } from '../constants';
import { blogSlugs$, headerItem, markAllNotificationsRead, markNotificationRead } from '../model/notifications';

const NO_NOTIFICATIONS: RxDocument<NotificationDoc>[] = [];
const NO_SLUGS = new Map<string, string>();

function logged(action: string) {
  return (error: unknown) => console.error(`Notifications: ${action} failed.`, error);
}

/** The member's notifications from the local store (replication keeps them live), newest first. */
export function useNotifications(userId: string | null, limit?: number) {
  const db = useDatabase();
  const { value: docs, loading } = useLiveQuery(
    (d) => (userId ? d.notifications.find({ selector: { user_id: userId }, sort: [{ created_at: 'desc' }], ...(limit ? { limit } : {}) }).$ : null),
    [userId, limit],
    NO_NOTIFICATIONS,
  );
  const unread = useLiveQuery((d) => (userId ? d.notifications.find({ selector: { user_id: userId, is_read: false } }).$ : null), [userId], NO_NOTIFICATIONS);
  const markAsRead = useCallback(
    (id: string) => {
      if (db && userId) markNotificationRead(db, userId, id).catch(logged('mark as read'));
    },
    [db, userId],
  );
  const markAllAsRead = useCallback(() => {
    if (db && userId) markAllNotificationsRead(db, userId).catch(logged('mark all as read'));
  }, [db, userId]);
  const items = useMemo(() => docs.map((d) => d.toJSON() as NotificationDoc), [docs]);
  const blogSlugs = useLiveQuery((d) => blogSlugs$(d, items), [items], NO_SLUGS).value;
  // None on the device before the first pull answered is not "no notifications".
  const pulled = usePulled('notifications');
  return {
    items,
    blogSlugs,
    unreadCount: unread.value.length,
    loading: Boolean(userId) && (loading || (items.length === 0 && !pulled)),
    markAsRead,
    markAllAsRead,
  };
}

/** What the shell's bell and panel need (the shape of the header's notification slot). */
export function useHeaderNotifications(userId: string | null) {
  const { items, blogSlugs, unreadCount, loading, markAsRead, markAllAsRead } = useNotifications(userId, NOTIFICATIONS_LIMIT);
  const mapped = useMemo(() => items.map((n) => headerItem(n, blogSlugs)), [items, blogSlugs]);
  return useMemo(() => ({ unreadCount, items: mapped, loading, markAsRead, markAllAsRead }), [unreadCount, mapped, loading, markAsRead, markAllAsRead]);
}
