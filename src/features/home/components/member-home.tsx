import { Link } from '@tanstack/react-router';
import { Bell, MessagesSquare } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { relativeTime } from '@/lib/dates';
import { afterFirstScreen } from '@/launch/first-screen';
import { importWhenOnline } from '@/lib/import-when-online';
import { cn } from '@/lib/utils';
import { HOME_MESSAGES, HOME_UNREAD_SHOWN } from '../constants';
import { RecentDiscussionsPending } from './recent-discussions-pending';

// The discussions come from the local store: RxDB loads after the first paint, as for the other live sections.
const RecentDiscussions = lazy(() => afterFirstScreen().then(() => importWhenOnline(() => import('./recent-discussions'))));

/** One unread notification as the shell's bell has it (plain text, where it leads). */
export type HomeNotificationItem = { id: string; text: string; createdAt: string; isRead: boolean; href: string; search?: Record<string, string | undefined> };
export type HomeNotifications = { unreadCount: number; items: readonly HomeNotificationItem[]; loading?: boolean; markAsRead: (id: string) => void };

/**
 * What a returning member opens the app for, ahead of the pitch: the latest
 * discussions and what is new for them. Compact, so both fit a phone's first screen.
 */
export function MemberHome({ name, notifications }: { name: string; notifications: HomeNotifications }) {
  const unread = notifications.items.filter((n) => !n.isRead).slice(0, HOME_UNREAD_SHOWN);
  return (
    <section aria-labelledby="home-welcome" className="pb-6 pt-2" data-testid="member-home">
      <h1 id="home-welcome" className="mb-3 truncate text-xl font-bold tracking-tight sm:text-2xl">
        {HOME_MESSAGES.welcomeBack(name)}
      </h1>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Card className="min-w-0 lg:col-span-2">
          <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0 p-4 pb-1">
            <CardTitle className="flex items-center gap-2 text-base">
              <MessagesSquare className="size-4 text-primary" aria-hidden />
              {HOME_MESSAGES.recentHeading}
            </CardTitle>
            <Link to="/discussions" className="shrink-0 text-sm font-medium text-primary hover:underline">
              {HOME_MESSAGES.allDiscussions}
            </Link>
          </CardHeader>
          <CardContent className="px-4 pb-2">
            <Suspense fallback={<RecentDiscussionsPending />}>
              <RecentDiscussions />
            </Suspense>
          </CardContent>
        </Card>
        <Card className="min-w-0" data-testid="home-notifications">
          <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0 p-4 pb-1">
            <CardTitle className="flex items-center gap-2 text-base">
              <Bell className="size-4 text-primary" aria-hidden />
              {HOME_MESSAGES.notificationsHeading}
              {notifications.unreadCount > 0 ? (
                <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
                  {HOME_MESSAGES.unread(notifications.unreadCount)}
                </span>
              ) : null}
            </CardTitle>
            <Link to="/notifications" className="shrink-0 text-sm font-medium text-primary hover:underline">
              {HOME_MESSAGES.allNotifications}
            </Link>
          </CardHeader>
          <CardContent className="px-4 pb-3">
            {unread.length > 0 ? (
              <ul className="divide-y">
                {unread.map((n) => (
                  <li key={n.id} className="py-2">
                    <Link
                      to={n.href}
                      search={n.search}
                      onClick={() => notifications.markAsRead(n.id)}
                      className="flex items-start gap-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" aria-hidden />
                      <span className="min-w-0 flex-1">
                        <span className="line-clamp-2">{n.text}</span>
                        <span className="block text-xs text-muted-foreground">{relativeTime(n.createdAt)}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={cn('py-2 text-sm text-muted-foreground')} role="status">
                {notifications.loading ? HOME_MESSAGES.loadingNotifications : HOME_MESSAGES.allCaughtUp}
              </p>
            )}
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
