import * as PopoverPrimitive from '@radix-ui/react-popover';
import { Link } from '@tanstack/react-router';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ScrollArea } from '@/components/ui/scroll-area';
import { formatBadgeCount, MESSAGES } from '@/lib/shell-constants';
import { cn } from '@/lib/utils';
import type { HeaderNotifications } from './layout-slots';

/** The bell with its unread badge ('9+' above 9) and the panel of recent notifications. */
export function NotificationBell({ notifications }: { notifications: HeaderNotifications }) {
  const [open, setOpen] = useState(false);
  const { unreadCount, items, markAsRead, markAllAsRead } = notifications;
  const label = unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications';
  return (
    <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
      <PopoverPrimitive.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} className="relative" data-testid="notification-bell">
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
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align="end"
          sideOffset={8}
          // Keeps the panel off the screen's edges on phones, where it is nearly as wide as the screen.
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-lg border bg-popover text-popover-foreground shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <Button variant="link" size="sm" className="h-auto p-0" disabled={unreadCount === 0} onClick={markAllAsRead}>
              {MESSAGES.markAllAsRead}
            </Button>
          </div>
          {items.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-muted-foreground">{MESSAGES.noNewNotifications}</p>
          ) : (
            <ScrollArea className="max-h-80">
              <ul className="flex flex-col">
                {items.map((item) => (
                  <li key={item.id}>
                    <Link
                      to={item.href}
                      search={item.search ?? {}}
                      onClick={() => {
                        if (!item.isRead) markAsRead(item.id);
                        setOpen(false);
                      }}
                      className={cn(
                        'flex items-start gap-2 border-b px-4 py-3 text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none',
                        !item.isRead && 'bg-primary/10 font-medium',
                      )}
                    >
                      {/* Unread rows carry a dot and a tint, not only a heavier font, so they stand out at a glance. */}
                      <span
                        className={cn('mt-1.5 size-2 shrink-0 rounded-full', !item.isRead && 'bg-primary')}
                        data-testid={item.isRead ? undefined : 'unread-dot'}
                        aria-hidden
                      />
                      <span className="min-w-0 flex-1 break-words">
                        {!item.isRead ? <span className="sr-only">Unread: </span> : null}
                        {item.text}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </ScrollArea>
          )}
          <div className="p-2">
            <Button variant="ghost" className="w-full" asChild>
              <Link to="/notifications" onClick={() => setOpen(false)}>
                {MESSAGES.viewAllNotifications}
              </Link>
            </Button>
          </div>
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
