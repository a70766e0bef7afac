import { Link } from '@tanstack/react-router';
import { useDeferredTooltips } from '@/launch/deferred-tooltips';
import { cn } from '@/lib/utils';
import type { NavItem } from './nav-items';

type NavListProps = {
  items: NavItem[];
  collapsed?: boolean;
  onNavigate?: () => void;
};

/** The app's main navigation; used by the desktop sidebar and the mobile drawer alike. */
export function NavList({ items, collapsed = false, onNavigate }: NavListProps) {
  // Collapsed to icons, each link names itself in a tooltip; the tooltip code loads after the first screen.
  const { tooltips, containerRef } = useDeferredTooltips<HTMLUListElement>(collapsed);
  const list = (
    <ul ref={containerRef} className="flex flex-col gap-1">
      {items.map(({ to, label, icon: Icon }) => {
        const link = (
          <Link
            to={to}
            onClick={onNavigate}
            activeOptions={{ exact: to === '/' }}
            aria-label={collapsed ? label : undefined}
            className={cn(
              'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[status=active]:bg-accent data-[status=active]:text-accent-foreground',
              collapsed && 'justify-center px-0',
            )}
          >
            <Icon className="size-5 shrink-0" aria-hidden />
            {collapsed ? null : <span>{label}</span>}
          </Link>
        );
        return (
          <li key={String(to)}>
            {tooltips ? (
              <tooltips.Tooltip>
                <tooltips.TooltipTrigger asChild>{link}</tooltips.TooltipTrigger>
                <tooltips.TooltipContent side="right">{label}</tooltips.TooltipContent>
              </tooltips.Tooltip>
            ) : (
              link
            )}
          </li>
        );
      })}
    </ul>
  );
  return tooltips ? <tooltips.TooltipProvider>{list}</tooltips.TooltipProvider> : list;
}
