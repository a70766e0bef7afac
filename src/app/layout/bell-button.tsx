import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { formatBadgeCount } from '@/lib/shell-constants';

/** The bell with its unread badge ('9+' above 9). */
export function BellButton({ unreadCount, ...props }: { unreadCount: number } & ComponentProps<typeof Button>) {
  const label = unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications';
  return (
    <Button variant="ghost" size="icon" aria-label={label} className="relative" data-testid="notification-bell" {...props}>
      <Bell aria-hidden />
      {unreadCount > 0 ? (
        <span
          aria-hidden
          data-testid="notification-badge"
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-bold leading-none text-destructive-foreground"
        >
          {formatBadgeCount(unreadCount)}
        </span>
      ) : null}
    </Button>
  );
}
