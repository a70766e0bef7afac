/// <reference lib="webworker" />
/**
 * The buttons on a reply or mention notification. "Mark as read" is done here with the member's session and opens
 * nothing. "Reply" with text typed into the notification (browsers with inline replies) is queued and sent by the
 * worker (sw/inline-reply.ts); "Reply" without text opens the thread with the editor focused.
 */
import { NOTIFICATION_ACTIONS, threadIdOfTag } from '../src/lib/notification-actions';
import { showAppBadge, unreadCount } from './badge';
import { memberApi, memberId } from './member-api';

/** Marks read what the notification stood for: every unread notification of that thread. True when the server agreed. */
export async function markThreadRead(tag: string): Promise<boolean> {
  const threadId = threadIdOfTag(tag);
  const id = await memberId();
  if (!threadId || !id) return false;
  const { error } = await memberApi().from('notifications').update({ is_read: true }).eq('user_id', id).eq('related_entity_id', threadId).eq('is_read', false);
  if (error) return false;
  await showAppBadge(await unreadCount());
  return true;
}

/** Where "Reply" takes the member: the thread's editor, with the inline text when there is some. */
export function replyUrl(url: string, text: string | undefined): string {
  const target = new URL(url, 'https://app.invalid');
  target.searchParams.set(NOTIFICATION_ACTIONS.replySearchKey, text ?? '');
  return target.pathname + target.search;
}
