import { Link } from '@tanstack/react-router';
import { relativeTime } from '@/lib/dates';
import { AtSign, Bell, BookmarkCheck, CheckCheck, Heart, MessageSquareReply, UserPlus, type LucideIcon } from 'lucide-react';
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import type { NotificationDoc } from '@/db/schemas/notifications';
import { cn } from '@/lib/utils';
import { NOTIFICATION_MESSAGES, notificationText } from '../constants';
import { useNotifications } from '../hooks/use-notifications';
import { groupByDay, notificationTarget, type BlogSlugs } from '../model/notifications';
import { plainTextPreview } from '../model/plain-text';

const TYPE_ICONS: Record<string, LucideIcon> = {
  new_reply: MessageSquareReply,
  like_content: Heart,
  new_follower: UserPlus,
  discussion_mention: AtSign,
  bookmark_reminder: BookmarkCheck,
};

function NotificationRow({ n, blogSlugs, onRead }: { n: NotificationDoc; blogSlugs: BlogSlugs; onRead: (id: string) => void }) {
  const Icon = TYPE_ICONS[n.type] ?? Bell;
  const target = notificationTarget(n, blogSlugs);
  return (
    <li data-testid="notification-row" data-read={n.is_read}>
      <Link
        to={target.to}
        search={target.search}
        onClick={() => {
          if (!n.is_read) onRead(n.id);
        }}
        className={cn(
          'flex items-start gap-3 px-4 py-3 transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-none',
          !n.is_read && 'bg-primary/5',
        )}
      >
        <span className="relative">
          <Avatar className="size-10">
            {n.actor_avatar_url ? <AvatarImage src={n.actor_avatar_url} alt="" /> : null}
            <AvatarFallback>{initialsOf(n.actor_username)}</AvatarFallback>
          </Avatar>
          <span className="absolute -bottom-1 -right-1 rounded-full border bg-background p-0.5">
            <Icon className="size-3.5 text-primary" aria-hidden />
          </span>
        </span>
        <span className="min-w-0 flex-1">
          {!n.is_read ? <span className="sr-only">Unread: </span> : null}
          <span className={cn('block text-sm', !n.is_read && 'font-semibold')}>{notificationText(n.type, n.actor_username)}</span>
          {n.content_preview ? <span className="block truncate text-sm text-muted-foreground">{plainTextPreview(n.content_preview)}</span> : null}
          <span className="block text-xs text-muted-foreground">{relativeTime(n.created_at)}</span>
        </span>
        {!n.is_read ? <span className="mt-2 size-2.5 shrink-0 rounded-full bg-primary" aria-hidden /> : null}
      </Link>
    </li>
  );
}

export function NotificationsScreen({ userId }: { userId: string }) {
  const { items, blogSlugs, unreadCount, loading, markAsRead, markAllAsRead } = useNotifications(userId);
  const groups = groupByDay(items);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={NOTIFICATION_MESSAGES.title}
        subtitle={unreadCount > 0 ? NOTIFICATION_MESSAGES.unread(unreadCount) : NOTIFICATION_MESSAGES.subtitle}
        icon={<Bell />}
        actions={
          <Button variant="outline" onClick={markAllAsRead} disabled={unreadCount === 0}>
            <CheckCheck aria-hidden /> {NOTIFICATION_MESSAGES.markAllAsRead}
          </Button>
        }
      />
      {loading ? (
        <Skeleton className="h-40 w-full" />
      ) : items.length === 0 ? (
        <Card className="p-8 text-center">
          <p className="font-medium">{NOTIFICATION_MESSAGES.noNewNotifications}</p>
          <p className="mt-2 text-sm text-muted-foreground">{NOTIFICATION_MESSAGES.emptyPage}</p>
        </Card>
      ) : (
        <div className="flex flex-col gap-6">
          {groups.map((group, index) => (
            <section key={group.label} aria-labelledby={`notification-day-${index}`}>
              <h2 id={`notification-day-${index}`} className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
                {group.label}
              </h2>
              <Card className="overflow-hidden">
                <ul className="divide-y">
                  {group.items.map((n) => (
                    <NotificationRow key={n.id} n={n} blogSlugs={blogSlugs} onRead={markAsRead} />
                  ))}
                </ul>
              </Card>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
