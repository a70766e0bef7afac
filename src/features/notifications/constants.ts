/** Notification texts and limits. Tests import them. */
export const NOTIFICATIONS_LIMIT = 20;

export const NOTIFICATION_MESSAGES = {
  title: 'Notifications',
  subtitle: 'Replies, likes, new followers, mentions and reminders.',
  markAllAsRead: 'Mark all as read',
  markAsRead: 'Mark as read',
  noNewNotifications: 'No new notifications.',
  emptyPage: "You're all caught up. Notifications about replies, likes, followers and mentions will show up here.",
  unread: (count: number) => (count === 1 ? '1 unread' : `${count} unread`),
  today: 'Today',
  yesterday: 'Yesterday',
  someone: 'Someone',
} as const;

/** What each type says; anything else is generic. */
export function notificationText(type: string, actor: string | null | undefined): string {
  const who = actor ? `@${actor}` : NOTIFICATION_MESSAGES.someone;
  switch (type) {
    case 'new_reply':
      return `${who} replied to your discussion`;
    case 'like_content':
      return `${who} liked your post`;
    case 'new_follower':
      return `${who} started following you`;
    case 'discussion_mention':
      return `${who} mentioned you in a discussion`;
    case 'bookmark_reminder':
      return 'Reminder: a bookmark you asked to be reminded of';
    default:
      return 'You have a new notification';
  }
}
