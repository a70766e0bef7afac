import { useEffect, useState } from 'react';
import { getSupabase } from '@/launch/lazy-supabase';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { PRESENCE_HEARTBEAT_MS } from '../constants';

/**
 * While a member is signed in and online, stamps their presence heartbeat now
 * and then on a timer: others show a member online only while it is fresh.
 * Returns true once the first stamp was tried (always true for a visitor), so
 * the tab announces itself only when others can already vouch for it.
 */
export function usePresenceHeartbeat(memberId: string | null): boolean {
  const online = useConnectivityStore((s) => s.online);
  const [stampedFor, setStampedFor] = useState<string | null>(null);

  useEffect(() => {
    if (!online || !memberId) return;
    let cancelled = false;
    // A failed stamp is not retried sooner than the timer: the member is then just not shown for a while.
    const stamp = () =>
      getSupabase()
        .then((client) => client.rpc('presence_heartbeat'))
        .then(
          () => undefined,
          () => undefined,
        );
    void stamp().then(() => {
      if (!cancelled) setStampedFor(memberId);
    });
    const timer = setInterval(() => void stamp(), PRESENCE_HEARTBEAT_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [online, memberId]);

  return memberId === null || stampedFor === memberId;
}
