/// <reference lib="webworker" />
/**
 * "Reply" with text typed into a thread's notification (browsers with inline replies): the reply joins the app's
 * queue like one written in the app and leaves from here with the app closed; without a connection it waits for
 * Background Sync, and the app sends it too when it opens first.
 */
import { OUTBOX_SYNC_TAG } from '../src/app/pwa/constants';
import { NOTIFICATION_ACTIONS, threadIdOfTag } from '../src/lib/notification-actions';
import { sendOutbox } from './background-sync';
import { memberId } from './member-api';
import { openOutboxQueue } from './outbox-queue';

declare const self: ServiceWorkerGlobalScope;

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/**
 * Queues the inline reply to the notification's thread and sends the queue; the notification is replaced by one
 * saying whether the reply went out or waits. False when it could not be queued (no thread, no member, no text):
 * the caller then opens the editor instead.
 */
export async function replyInline(tag: string, url: string, text: string): Promise<boolean> {
  const threadId = threadIdOfTag(tag);
  const content = text.trim();
  const userId = threadId && content ? await memberId().catch(() => null) : null;
  if (!threadId || !userId) return false;
  const at = new Date().toISOString();
  const id = self.crypto.randomUUID();
  const queue = await openOutboxQueue();
  try {
    await queue.queueReply({
      id,
      discussion_id: threadId,
      user_id: userId,
      parent_post_id: null,
      quoted_post_id: null,
      content,
      created_at: at,
      updated_at: at,
      is_solution: false,
      reactions_summary: {},
    });
  } finally {
    await queue.close();
  }
  const result = await sendOutbox().catch(() => null);
  const sent = result !== null && result.left === 0 && result.refused === 0;
  if (!sent) await (self.registration as SyncRegistration).sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
  await self.registration.showNotification(sent ? NOTIFICATION_ACTIONS.replySentTitle : NOTIFICATION_ACTIONS.replyQueuedTitle, {
    tag,
    body: sent ? content : NOTIFICATION_ACTIONS.replyQueuedBody,
    icon: '/icons/icon-192.png',
    data: { url },
  });
  return true;
}
