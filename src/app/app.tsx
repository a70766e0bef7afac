import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useMemo, useRef } from 'react';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { AppProviders } from './providers';
import { reloadInPlace } from './reload-in-place';
import { getRouter } from './router';
import type { RouterContext } from './router-context';

function RoutedApp() {
  const router = getRouter();
  const { user, loading } = useAuth();
  const context = useMemo<RouterContext>(() => ({ auth: { user, loading } }), [user, loading]);
  // Guards run in beforeLoad; when the session becomes known they must run again. The launch loaded the first
  // location with the auth the provider starts with: loading it again for the same auth would only re-render it.
  const loadedWith = useRef(router.options.context.auth);
  useEffect(() => {
    const last = loadedWith.current;
    if (last.loading === context.auth.loading && last.user === context.auth.user) return;
    loadedWith.current = context.auth;
    void reloadInPlace(router);
  }, [context, router]);
  return <RouterProvider router={router} context={context} />;
}

export function App() {
  return (
    <AppProviders>
      <RoutedApp />
    </AppProviders>
  );
}
