import { Link } from '@tanstack/react-router';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import type { NavItem } from './nav-items';

type NavListProps = {
  items: NavItem[];
  collapsed?: boolean;
  onNavigate?: () => void;
};

/** The app's main navigation; used by the desktop sidebar and the mobile drawer alike. */
export function NavList({ items, collapsed = false, onNavigate }: NavListProps) {
  return (
    <ul className="flex flex-col gap-1">
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
            {collapsed ? (
              <Tooltip>
                <TooltipTrigger asChild>{link}</TooltipTrigger>
                <TooltipContent side="right">{label}</TooltipContent>
              </Tooltip>
            ) : (
              link
            )}
          </li>
        );
      })}
    </ul>
  );
}
