import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { MEDIA_MD_UP, SIDEBAR_COLLAPSED_WIDTH_PX, SIDEBAR_OPEN_WIDTH_PX } from '@/lib/shell-constants';
import { useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { useSidebarStore } from '@/stores/sidebar-store';
import { useLayoutSlots } from './layout-slots';
import { visibleNavItems } from './nav-items';
import { NavList } from './nav-list';

/** Desktop sidebar: 256 px open, 80 px collapsed, with the online-now list below the navigation. Phones have the drawer instead. */
export function Sidebar() {
  const wide = useMediaQuery(MEDIA_MD_UP);
  return wide ? <WideSidebar /> : null;
}

function WideSidebar() {
  const collapsed = useSidebarStore((s) => s.collapsed);
  const toggle = useSidebarStore((s) => s.toggleCollapsed);
  const { user } = useAuth();
  const { renderOnlineNow } = useLayoutSlots();
  return (
    <aside
      aria-label="Sidebar"
      data-testid="sidebar"
      data-collapsed={collapsed}
      style={{ width: collapsed ? SIDEBAR_COLLAPSED_WIDTH_PX : SIDEBAR_OPEN_WIDTH_PX }}
      className="sticky top-16 hidden h-[calc(100dvh-4rem)] shrink-0 flex-col gap-4 overflow-y-auto border-r bg-sidebar p-3 transition-[width] duration-200 md:flex"
    >
      <div className={cn('flex', collapsed ? 'justify-center' : 'justify-end')}>
        <Button variant="ghost" size="icon" onClick={toggle} aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'} aria-expanded={!collapsed}>
          {collapsed ? <PanelLeftOpen aria-hidden /> : <PanelLeftClose aria-hidden />}
        </Button>
      </div>
      <nav aria-label="Main">
        <NavList items={visibleNavItems(Boolean(user))} collapsed={collapsed} />
      </nav>
      {renderOnlineNow ? (
        <section aria-label="Online now" className="mt-auto">
          {renderOnlineNow({ collapsed })}
        </section>
      ) : null}
    </aside>
  );
}
