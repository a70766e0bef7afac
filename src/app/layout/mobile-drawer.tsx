import { lazy, Suspense, useEffect, useState } from 'react';
import { whenBackgroundWorkMayStart } from '@/launch/first-screen';
import { importWhenOnline } from '@/lib/import-when-online';
import { useSidebarStore } from '@/stores/sidebar-store';

// The drawer (Radix dialog, focus trap, scroll lock) only matters once the menu button is used on a phone.
const loadDrawer = () => import('./mobile-drawer-content');
// A fetch that fails without a connection waits for it rather than breaking the page.
const MobileDrawerContent = lazy(() => importWhenOnline(loadDrawer).then((m) => ({ default: m.MobileDrawerContent })));

/** Starts fetching the drawer's code when the menu button is pointed at or focused, so it opens without a wait. */
export function prefetchMobileDrawer(): void {
  loadDrawer().catch(() => undefined);
}

/** The same navigation as the sidebar, as a sheet from the left on small screens; its code loads on first open. */
export function MobileDrawer() {
  const open = useSidebarStore((s) => s.mobileOpen);
  const [used, setUsed] = useState(open);
  // Fetched once the first screen is up, so the drawer still opens if the connection drops later.
  useEffect(() => {
    void whenBackgroundWorkMayStart().then(prefetchMobileDrawer);
  }, []);
  if (open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <MobileDrawerContent />
    </Suspense>
  );
}
