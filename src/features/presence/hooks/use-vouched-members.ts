import { useEffect, useMemo, useState } from 'react';
import { getSupabase } from '@/launch/lazy-supabase';
import { PRESENCE_VOUCH_REFRESH_MS } from '../constants';
import type { VouchedMember } from '../model/presence';

/**
 * Asks the database which of the announced member ids are really online (a
 * fresh heartbeat) and what their profiles call them: on every change of the
 * ids and then on a timer. Null until the first answer while `live`.
 */
export function useVouchedMembers(ids: readonly string[], live: boolean): ReadonlyMap<string, VouchedMember> | null {
  const key = useMemo(() => [...new Set(ids)].sort().join(','), [ids]);
  const [vouched, setVouched] = useState<ReadonlyMap<string, VouchedMember> | null>(null);

  useEffect(() => {
    if (!live) {
      setVouched(null);
      return;
    }
    let cancelled = false;
    const wanted = key === '' ? [] : key.split(',');
    const ask = async () => {
      if (wanted.length === 0) {
        if (!cancelled) setVouched(new Map());
        return;
      }
      const client = await getSupabase();
      const { data, error } = await client.rpc('online_members', { member_ids: wanted });
      // On an error the previous answer stands; the timer asks again.
      if (cancelled || error || !Array.isArray(data)) return;
      setVouched(new Map((data as VouchedMember[]).map((m) => [m.user_id, m])));
    };
    void ask().catch(() => undefined);
    const timer = setInterval(() => void ask().catch(() => undefined), PRESENCE_VOUCH_REFRESH_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [key, live]);

  return vouched;
}
