import type { SupabaseClient } from '@supabase/supabase-js';
import type { NotificationLevel } from '../_shared/app-contract.ts';

export interface ThreadLevelInfo {
  id: string;
  category: string;
}

/**
 * Whether the recipient muted the thread (or, having chosen nothing for the thread, its category).
 * The database already makes no notification for a muted thread; this holds for one made before
 * the member muted it and replayed, or inserted by hand.
 */
export async function threadMuted(db: SupabaseClient, userId: string, thread: ThreadLevelInfo): Promise<boolean> {
  const own = await db
    .from('discussion_reads')
    .select('level')
    .eq('user_id', userId)
    .eq('discussion_id', thread.id)
    .eq('_deleted', false)
    .maybeSingle<{ level: NotificationLevel | null }>();
  if (own.error) throw new Error(`reading the read state of ${thread.id}: ${own.error.message}`);
  if (own.data?.level) return own.data.level === 'muted';
  const category = await db
    .from('category_notification_levels')
    .select('level')
    .eq('user_id', userId)
    .eq('category', thread.category)
    .maybeSingle<{ level: NotificationLevel }>();
  if (category.error) throw new Error(`reading the category level of ${thread.category}: ${category.error.message}`);
  return category.data?.level === 'muted';
}
