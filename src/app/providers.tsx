import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { AuthProvider } from '@/features/auth/components/auth-provider';
// supabase-js is about a quarter of the app's startup JavaScript; it loads right after the first render.
import { getSupabase } from '@/lib/lazy-supabase';
import { EMPTY_NOTIFICATIONS, LayoutSlotsProvider, type LayoutSlots } from './layout/layout-slots';
import { ThemeSync } from './theme-sync';

// The notifications and presence features plug their hooks in here (app -> features is the allowed direction).
const layoutSlots: LayoutSlots = { notifications: EMPTY_NOTIFICATIONS };

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AuthProvider getClient={getSupabase}>
      <TooltipProvider>
        <LayoutSlotsProvider value={layoutSlots}>
          <ThemeSync />
          {children}
          <Toaster />
        </LayoutSlotsProvider>
      </TooltipProvider>
    </AuthProvider>
  );
}
