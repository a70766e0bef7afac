import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { APP_NAME } from '@/lib/shell-constants';
import { useSidebarStore } from '@/stores/sidebar-store';
import { useLayoutSlots } from './layout-slots';
import { visibleNavItems } from './nav-items';
import { NavList } from './nav-list';

/** The same navigation as the sidebar, as a sheet from the left on small screens. */
export function MobileDrawerContent() {
  const open = useSidebarStore((s) => s.mobileOpen);
  const setOpen = useSidebarStore((s) => s.setMobileOpen);
  const { user, loading } = useAuth();
  const { renderOnlineNow } = useLayoutSlots();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/70 md:hidden" />
        <DialogPrimitive.Content
          data-testid="mobile-drawer"
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto border-r bg-background p-4 shadow-xl md:hidden"
        >
          <div className="flex items-center justify-between">
            <DialogPrimitive.Title className="text-lg font-bold">{APP_NAME}</DialogPrimitive.Title>
            <DialogPrimitive.Close
              className="rounded-md p-2 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              aria-label="Close menu"
            >
              <X className="size-5" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Description className="sr-only">Main navigation</DialogPrimitive.Description>
          <nav aria-label="Main">
            <NavList items={visibleNavItems(Boolean(user))} onNavigate={() => setOpen(false)} />
          </nav>
          {!user && !loading ? (
            <div className="grid grid-cols-2 gap-2">
              <Button variant="outline" asChild>
                <Link to="/login" onClick={() => setOpen(false)}>
                  Log In
                </Link>
              </Button>
              <Button asChild>
                <Link to="/signup" onClick={() => setOpen(false)}>
                  Sign Up
                </Link>
              </Button>
            </div>
          ) : null}
          {renderOnlineNow ? <section aria-label="Online now">{renderOnlineNow({ collapsed: false })}</section> : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
