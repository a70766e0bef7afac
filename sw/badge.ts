/// <reference lib="webworker" />
/** The installed app's icon shows the member's unread count; where the Badging API is missing nothing happens. */
import { memberApi, memberId } from './member-api';

declare const self: ServiceWorkerGlobalScope;

type BadgingNavigator = WorkerNavigator & { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

export async function showAppBadge(count: number | null): Promise<void> {
  const nav = self.navigator as BadgingNavigator;
  if (!nav.setAppBadge || !nav.clearAppBadge) return;
  // A count that cannot be read (no session, a failed request) still marks that something arrived.
  if (count === null) await nav.setAppBadge().catch(() => undefined);
  else if (count > 0) await nav.setAppBadge(count).catch(() => undefined);
  else await nav.clearAppBadge().catch(() => undefined);
}

/** The member's unread notifications as the server counts them, or null when that cannot be asked. */
export async function unreadCount(): Promise<number | null> {
  try {
    const id = await memberId();
    if (!id) return null;
    const { count, error } = await memberApi()
      .from('notifications')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', id)
      .eq('is_read', false)
      .eq('_deleted', false);
    return error ? null : (count ?? 0);
  } catch {
    return null;
  }
}
