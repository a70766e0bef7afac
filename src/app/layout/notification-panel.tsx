import * as PopoverPrimitive from '@radix-ui/react-popover';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ScrollArea } from '@/components/ui/scroll-area';
import { MESSAGES } from '@/lib/shell-constants';
import { cn } from '@/lib/utils';
import type { HeaderNotifications } from './layout-slots';
import { BellButton } from './bell-button';

/** The bell with the panel of recent notifications; loaded on first use. */
export function NotificationPanel({ notifications, defaultOpen = false }: { notifications: HeaderNotifications; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const { unreadCount, items, markAsRead, markAllAsRead } = notifications;
  return (
    <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
      <PopoverPrimitive.Trigger asChild>
        <BellButton unreadCount={unreadCount} />
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
