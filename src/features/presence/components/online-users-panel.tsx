import { Link } from '@tanstack/react-router';
import { CloudOff, Radio, Users } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useDeferredTooltips } from '@/launch/deferred-tooltips';
import { PANEL_FULL_ROWS, PANEL_MAX_SHOWN, PANEL_TOOLTIP_DELAY_MS, PRESENCE_MESSAGES } from '../constants';
import { panelLayout } from '../model/presence';
import { OnlineAvatar } from './online-avatar';
import { useShellPresence } from './presence-provider';

/** The home page's who-is-online panel, over the online list the shell follows. */
export function OnlineUsersPanel() {
  const presence = useShellPresence().panel;
  const { rows, avatars, more } = panelLayout(presence.members, presence.count, PANEL_FULL_ROWS, PANEL_MAX_SHOWN);
  // The avatars past the full rows name their member in a tooltip; its code loads after home's first screen.
  const { tooltips, containerRef } = useDeferredTooltips<HTMLDivElement>(avatars.length > 0);
  const list = (
    <>
      {presence.count === 0 ? <p className="text-sm text-muted-foreground">{PRESENCE_MESSAGES.empty}</p> : null}
      {rows.length > 0 ? (
        <ul className="flex flex-col gap-2" data-testid="online-rows">
          {rows.map((m) => (
            <li key={m.user_id}>
              <Link
                to="/profile/$username"
                params={{ username: m.username }}
                className="flex items-center gap-3 rounded-md p-1 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <OnlineAvatar member={m} />
                <span className="font-medium">@{m.username}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {avatars.length > 0 || more > 0 ? (
        <div ref={containerRef} className="mt-3 flex flex-wrap items-center gap-2" data-testid="online-avatars">
          {avatars.map((m) => {
            const link = (
              <Link
                key={m.user_id}
                to="/profile/$username"
                params={{ username: m.username }}
                aria-label={`@${m.username}`}
                className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <OnlineAvatar member={m} className="size-7" />
              </Link>
            );
            return tooltips ? (
              <tooltips.Tooltip key={m.user_id}>
                <tooltips.TooltipTrigger asChild>{link}</tooltips.TooltipTrigger>
                <tooltips.TooltipContent>@{m.username}</tooltips.TooltipContent>
              </tooltips.Tooltip>
            ) : (
              link
            );
          })}
          {more > 0 ? (
            <span className="rounded-full bg-muted px-2 py-1 text-xs font-semibold" title={PRESENCE_MESSAGES.more(more)}>
              +{more}
              <span className="sr-only"> {PRESENCE_MESSAGES.more(more)}</span>
            </span>
          ) : null}
        </div>
      ) : null}
      {presence.guests > 0 ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-muted-foreground" data-testid="online-guests">
          <Users className="size-4" aria-hidden /> {PRESENCE_MESSAGES.guests(presence.guests)}
        </p>
      ) : null}
    </>
  );
  return (
    <Card data-testid="online-panel" data-status={presence.status}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <Radio className="size-5 text-emerald-500" aria-hidden />
          <span data-testid="online-heading">
            {presence.status === 'offline' ? PRESENCE_MESSAGES.sidebarHeading : PRESENCE_MESSAGES.heading(presence.count)}
          </span>
        </CardTitle>
      </CardHeader>
      <CardContent aria-live="polite">
        {presence.status === 'offline' ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="online-unavailable">
            <CloudOff className="size-4" aria-hidden /> {PRESENCE_MESSAGES.offline}
          </p>
        ) : presence.status === 'connecting' ? (
          <p className="text-sm text-muted-foreground">{PRESENCE_MESSAGES.connecting}</p>
        ) : tooltips ? (
          <tooltips.TooltipProvider delayDuration={PANEL_TOOLTIP_DELAY_MS}>{list}</tooltips.TooltipProvider>
        ) : (
          list
        )}
      </CardContent>
    </Card>
  );
}
