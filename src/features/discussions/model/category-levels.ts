import { getSupabase } from '@/launch/lazy-supabase';
import { cacheCategoryLevels, isLevel, type NotificationLevel } from './read-state';

/** The member's category levels as the server has them; the device keeps the answer for offline use. */
export async function fetchCategoryLevels(userId: string): Promise<Map<string, NotificationLevel>> {
  const client = await getSupabase();
  const { data, error } = await client.from('category_notification_levels').select('category, level').eq('user_id', userId);
  if (error) throw new Error(error.message);
  const levels = new Map((data ?? []).filter((row) => isLevel(row.level)).map((row) => [row.category, row.level as NotificationLevel]));
  cacheCategoryLevels(userId, levels);
  return levels;
}

/**
 * Sets the member's level for a category. A server call, not a replicated write: the table has no place
 * on the device (the store's collections are all taken) and a level is changed rarely; 'normal' clears it.
 */
export async function saveCategoryLevel(userId: string, category: string, level: NotificationLevel): Promise<void> {
  const client = await getSupabase();
  const { error } =
    level === 'normal'
      ? await client.from('category_notification_levels').delete().eq('user_id', userId).eq('category', category)
      : await client.from('category_notification_levels').upsert({ user_id: userId, category, level, updated_at: new Date().toISOString() });
  if (error) throw new Error(error.message);
}
