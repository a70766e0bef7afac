import type { SupabaseClient } from '@supabase/supabase-js';
import { deliverPush, type DeliveryOutcome, type StoredSubscription, type VapidConfig } from './deliver.ts';
import { endpointAllowed } from './endpoint-policy.ts';
import { threadMuted, type ThreadLevelInfo } from './levels.ts';
import { isBlogReminder, planPush, PUSH_TTL_SECONDS, wantsCategory, type NotificationRow, type PushCategory, type ThreadInfo } from './push-content.ts';

export interface SendReport {
  notificationId: string;
  /** why nothing was sent, when nothing was */
  skipped?: 'not-found' | 'not-pushed' | 'muted';
  category?: PushCategory;
  sent: number;
  gone: number;
  failed: number;
  /** subscriptions whose keys cannot encrypt a push; deleted like gone ones */
  unusable: number;
  /** subscriptions whose preferences turn this category off */
  optedOut: number;
  /** subscriptions with an endpoint this project will not call */
  refused: number;
}

interface SubscriptionRow extends StoredSubscription {
  preferences: unknown;
}

/**
 * Pushes one notification to every device of its recipient that wants its category. The row is
 * read back by id rather than trusted from the webhook body, so a replayed or forged body can only
 * re-send what the database really holds. Gone subscriptions, and those whose keys
 * cannot encrypt a push, are deleted: neither can ever receive one.
 */
export async function sendPushForNotification(
  db: SupabaseClient,
  notificationId: string,
  vapid: VapidConfig,
  projectUrl: string | undefined,
): Promise<SendReport> {
  const report: SendReport = { notificationId, sent: 0, gone: 0, failed: 0, unusable: 0, optedOut: 0, refused: 0 };

  const { data: notification, error } = await db
    .from('notifications')
    .select('id, user_id, type, content_preview, related_entity_id, target_entity_id, actor_username, _deleted')
    .eq('id', notificationId)
    .maybeSingle<NotificationRow & { _deleted: boolean }>();
  if (error) throw new Error(`reading notification ${notificationId}: ${error.message}`);
  if (!notification || notification._deleted) return { ...report, skipped: 'not-found' };

  let thread: (ThreadInfo & ThreadLevelInfo) | null = null;
  if (notification.type !== 'new_follower' && notification.related_entity_id) {
    const found = await db
      .from('discussions')
      .select('id, title, user_id, category')
      .eq('id', notification.related_entity_id)
      .maybeSingle<ThreadInfo & ThreadLevelInfo>();
    if (found.error) throw new Error(`reading discussion ${notification.related_entity_id}: ${found.error.message}`);
    thread = found.data;
  }
  if (thread && (await threadMuted(db, notification.user_id, thread))) return { ...report, skipped: 'muted' };

  // A blog post's reminder opens the post: its address is its slug, read now (a slug can change after the reminder was set).
  let blogSlug: string | null = null;
  if (isBlogReminder(notification)) {
    const found = await db.from('blog_posts').select('slug').eq('id', String(notification.target_entity_id)).maybeSingle<{ slug: string }>();
    if (found.error) throw new Error(`reading blog post ${notification.target_entity_id}: ${found.error.message}`);
    blogSlug = found.data?.slug ?? null;
  }

  const plan = planPush(notification, thread, blogSlug);
  if (!plan) return { ...report, skipped: 'not-pushed' };
  if (plan.category) report.category = plan.category;

  const { data: rows, error: subsError } = await db
    .from('push_subscriptions')
    .select('id, endpoint, p256dh, auth, preferences')
    .eq('user_id', notification.user_id)
    .returns<SubscriptionRow[]>();
  if (subsError) throw new Error(`reading push subscriptions: ${subsError.message}`);

  const targets: SubscriptionRow[] = [];
  for (const row of rows ?? []) {
    if (plan.category && !wantsCategory(row.preferences, plan.category)) report.optedOut++;
    else if (!(await endpointAllowed(row.endpoint, projectUrl, db))) report.refused++;
    else targets.push(row);
  }

  const outcomes: DeliveryOutcome[] = await Promise.all(targets.map((sub) => deliverPush(sub, plan, PUSH_TTL_SECONDS, vapid)));
  const goneIds: string[] = [];
  for (const outcome of outcomes) {
    report[outcome.status]++;
    if (outcome.status === 'gone' || outcome.status === 'unusable') goneIds.push(outcome.subscriptionId);
    if (outcome.status === 'unusable') console.error(`[send-push] subscription ${outcome.subscriptionId}: its keys cannot encrypt a push; removed`);
    if (outcome.status === 'failed') {
      console.error(`[send-push] subscription ${outcome.subscriptionId}: gave up after ${outcome.attempts} attempts (${outcome.httpStatus ?? 'unreachable'})`);
    }
  }
  if (goneIds.length > 0) {
    const { error: deleteError } = await db.from('push_subscriptions').delete().in('id', goneIds);
    if (deleteError) console.error(`[send-push] could not delete gone subscriptions: ${deleteError.message}`);
  }
  return report;
}
