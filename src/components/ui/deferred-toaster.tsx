import { lazy, Suspense, useEffect, useState } from 'react';
import { importWhenOnline } from '@/lib/import-when-online';
import { useToastStore } from '@/stores/toast-store';

// Radix toast is not part of the first paint; toasts wait in the store until it has loaded, so none is lost.
// A fetch that fails on a first visit without a connection waits for it rather than breaking the page.
const Toaster = lazy(() => importWhenOnline(() => import('./toaster')).then((m) => ({ default: m.Toaster })));

/** Loads the toaster once the first screen is idle, or at once when a toast is raised before that. */
export function DeferredToaster() {
  const hasToast = useToastStore((s) => s.toasts.length > 0);
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => setIdle(true), { timeout: 3000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 1000);
    return () => clearTimeout(timer);
  }, []);
  if (!idle && !hasToast) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
