import { lazy, Suspense, useEffect, useState } from 'react';
import { whenBackgroundWorkMayStart } from '@/launch/first-screen';
import { importWhenOnline } from '@/lib/import-when-online';
import { useToastStore } from '@/stores/toast-store';

// Radix toast is not part of the first paint; toasts wait in the store until it has loaded, so none is lost.
// A fetch that fails on a first visit without a connection waits for it rather than breaking the page.
const Toaster = lazy(() => importWhenOnline(() => import('@/components/ui/toaster')).then((m) => ({ default: m.Toaster })));

/** Loads the toaster with the launch's background work, or at once when a toast is raised before that. */
export function DeferredToaster() {
  const hasToast = useToastStore((s) => s.toasts.length > 0);
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    // With the launch's other background work: after the first screen, and after a shared link's quiet spell.
    let live = true;
    void whenBackgroundWorkMayStart().then(() => live && setIdle(true));
    return () => {
      live = false;
    };
  }, []);
  if (!idle && !hasToast) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
