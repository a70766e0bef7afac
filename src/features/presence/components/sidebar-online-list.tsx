import { Link } from '@tanstack/react-router';
import { CloudOff } from 'lucide-react';
import { useDeferredTooltips } from '@/launch/deferred-tooltips';
import { cn } from '@/lib/utils';
import { PRESENCE_MESSAGES, SIDEBAR_ONLINE_LIMIT } from '../constants';
import type { PresenceState } from './presence-provider';
import { OnlineAvatar } from './online-avatar';

/** At most 5 signed-in members, no guests; avatars only when the sidebar is collapsed. */
export function SidebarOnlineList({ presence, collapsed }: { presence: PresenceState; collapsed: boolean }) {
  const members = presence.members.slice(0, SIDEBAR_ONLINE_LIMIT);
  // Collapsed to avatars, each names its member in a tooltip; the tooltip code loads after the first screen.
  const { tooltips, containerRef } = useDeferredTooltips<HTMLDivElement>(collapsed);
  const list = (
    <div ref={containerRef} data-testid="sidebar-online" data-status={presence.status}>
      {collapsed ? null : <h2 className="mb-2 px-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{PRESENCE_MESSAGES.sidebarHeading}</h2>}
      {presence.status === 'offline' ? (
        collapsed ? (
          <CloudOff className="mx-auto size-4 text-muted-foreground" aria-label={PRESENCE_MESSAGES.offline} />
        ) : (
          <p className="px-1 text-xs text-muted-foreground">{PRESENCE_MESSAGES.offline}</p>
        )
      ) : members.length === 0 ? (
        collapsed ? null : (
          <p className="px-1 text-xs text-muted-foreground">{presence.status === 'live' ? PRESENCE_MESSAGES.sidebarEmpty : PRESENCE_MESSAGES.connecting}</p>
        )
      ) : (
        <ul className={cn('flex flex-col gap-1', collapsed && 'items-center')}>
          {members.map((m) => {
            const link = (
              <Link
                to="/profile/$username"
                params={{ username: m.username }}
                aria-label={collapsed ? `@${m.username}` : undefined}
                className="flex items-center gap-2 rounded-md p-1 text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <OnlineAvatar member={m} className="size-7" />
                {collapsed ? null : <span className="truncate">@{m.username}</span>}
              </Link>
            );
            return (
              <li key={m.user_id}>
                {tooltips ? (
                  <tooltips.Tooltip>
                    <tooltips.TooltipTrigger asChild>{link}</tooltips.TooltipTrigger>
                    <tooltips.TooltipContent side="right">@{m.username}</tooltips.TooltipContent>
                  </tooltips.Tooltip>
                ) : (
                  link
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
  return tooltips ? <tooltips.TooltipProvider>{list}</tooltips.TooltipProvider> : list;
}
