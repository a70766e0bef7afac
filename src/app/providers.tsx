import type { ReactNode } from 'react';
import { DeferredToaster } from '@/launch/deferred-toaster';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { DataProvider } from './data/data-provider';
// supabase-js is about a quarter of the app's startup JavaScript; it loads right after the first render.
import { getSupabase } from '@/launch/lazy-supabase';
import { FeatureSlots } from './feature-slots';
import { ThemeSync } from './theme-sync';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AuthProvider getClient={getSupabase}>
      <DataProvider getClient={getSupabase}>
        <FeatureSlots>
          <ThemeSync />
          {children}
          <DeferredToaster />
        </FeatureSlots>
      </DataProvider>
    </AuthProvider>
  );
}
