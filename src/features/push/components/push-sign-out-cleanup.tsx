import { useEffect } from 'react';
import { getSupabase } from '@/launch/lazy-supabase';
import { forgetDeviceAfterSignOut, pushSupport } from '../model/device-push';

/**
 * Mounted once by the app: when the member signs out on this device, the device stops getting their
 * pushes (the server row is removed and the browser unsubscribes). Renders nothing.
 */
export function PushSignOutCleanup() {
  useEffect(() => {
    if (pushSupport() === 'unsupported') return;
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    // Through the lazy client: it waits for the first screen to paint before supabase-js loads.
    void getSupabase().then((supabase) => {
      if (cancelled) return;
      const { data } = supabase.auth.onAuthStateChange((event) => {
        if (event !== 'SIGNED_OUT') return;
        // supabase-js holds its auth lock during this callback; calling it from inside would deadlock.
        setTimeout(() => void forgetDeviceAfterSignOut(supabase).catch((error: unknown) => console.warn('Could not stop push on this device.', error)), 0);
      });
      unsubscribe = () => data.subscription.unsubscribe();
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, []);
  return null;
}
