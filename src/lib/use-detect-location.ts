import { useState } from 'react';
import { detectLocation, GEOLOCATION_MESSAGES } from '@/lib/geolocation';
import { toast } from '@/stores/toast-store';

/** Asks the browser where the member is, hands "lat, lng" to `onDetected` and tells them how it went in a toast. */
export function useDetectLocation(onDetected: (location: string) => void): { locating: boolean; detect: () => Promise<void> } {
  const [locating, setLocating] = useState(false);

  async function detect() {
    setLocating(true);
    try {
      onDetected(await detectLocation());
      toast({ variant: 'success', title: GEOLOCATION_MESSAGES.successTitle, description: GEOLOCATION_MESSAGES.successDescription });
    } catch (err) {
      toast({ variant: 'destructive', title: 'Location', description: err instanceof Error ? err.message : GEOLOCATION_MESSAGES.failed });
    } finally {
      setLocating(false);
    }
  }

  return { locating, detect };
}
