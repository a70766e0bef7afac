import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { AppProviders } from './providers';
import { router } from './router';
import type { RouterContext } from './router-context';

function RoutedApp() {
  const { user, loading } = useAuth();
  const context = useMemo<RouterContext>(() => ({ auth: { user, loading } }), [user, loading]);
  // Guards run in beforeLoad; when the session becomes known they must run again.
  useEffect(() => {
    void router.invalidate();
  }, [context]);
  return <RouterProvider router={router} context={context} />;
}

export function App() {
  return (
    <AppProviders>
      <RoutedApp />
    </AppProviders>
  );
}
