import { Link } from '@tanstack/react-router';
import { Disc3, Menu } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { APP_NAME } from '@/lib/shell-constants';
import { useSidebarStore } from '@/stores/sidebar-store';
import { AvatarMenu } from './avatar-menu';
import { ConnectivityIndicator } from './connectivity-indicator';
import { useLayoutSlots } from './layout-slots';
import { prefetchMobileDrawer } from './mobile-drawer';
import { NotificationBell } from './notification-bell';
import { ThemeToggle } from './theme-toggle';

export function Header() {
  const { user, loading } = useAuth();
  const { notifications } = useLayoutSlots();
  const openDrawer = useSidebarStore((s) => s.setMobileOpen);
  return (
    <header className="sticky top-0 z-40 flex h-16 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:px-4">
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        onClick={() => openDrawer(true)}
        onPointerEnter={prefetchMobileDrawer}
        onFocus={prefetchMobileDrawer}
        data-testid="open-drawer"
      >
        <Menu aria-hidden />
      </Button>
      <Link
        to="/"
        className="flex shrink-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Disc3 className="size-7 text-primary" aria-hidden />
        {/* On the narrowest phones the disc alone marks home, so the account controls fit; the name stays the link's text. */}
        <span className="max-[419px]:sr-only">{APP_NAME}</span>
      </Link>
      <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
        <ConnectivityIndicator />
        <ThemeToggle />
        {user ? (
          <>
            <NotificationBell notifications={notifications} />
            <AvatarMenu user={user} />
          </>
        ) : loading ? null : (
          <>
            <Button variant="ghost" size="sm" asChild>
              <Link to="/login">Log In</Link>
            </Button>
            <Button size="sm" asChild>
              <Link to="/signup">Sign Up</Link>
            </Button>
          </>
        )}
      </div>
    </header>
  );
}
