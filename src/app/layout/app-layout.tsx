import { Outlet } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { SyncProgressSlot } from '@/components/sync-progress-slot';
import { watchFirstScreen } from '@/launch/first-screen';
import { useAppData } from '../data/data-context';
import { InstallPrompt } from '../pwa/install-prompt';
import { Footer } from './footer';
import { Header } from './header';
import { useLayoutSlots } from './layout-slots';
import { MobileDrawer } from './mobile-drawer';
import { Sidebar } from './sidebar';

export function AppLayout() {
  const main = useRef<HTMLElement>(null);
  const { player } = useLayoutSlots();
  // Deferred loading (supabase-js, RxDB, the service worker) starts once the route's content is painted.
  useEffect(() => {
    if (main.current) return watchFirstScreen(main.current);
  }, []);
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-2 focus:top-2">
        Skip to content
      </a>
      <Header />
      <MobileDrawer />
      <SyncProgressSlot {...useAppData()} />
      <div className="flex flex-1">
        <Sidebar />
        <div className="flex min-w-0 flex-1 flex-col">
          {/* At least a screen tall: the footer starts below the fold, so a screen whose content arrives after the
              first paint (a skeleton, then the posts) never pushes a visible footer down. */}
          <main ref={main} id="main" tabIndex={-1} className="mx-auto min-h-dvh w-full max-w-6xl flex-1 px-4 py-4 outline-none sm:px-6 sm:py-6">
            <Outlet />
          </main>
          <div className="px-4 sm:px-6">
            <InstallPrompt />
          </div>
          <Footer />
          {player}
        </div>
      </div>
    </div>
  );
}
