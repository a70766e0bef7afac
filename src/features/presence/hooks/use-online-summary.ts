import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useMemo, useState } from 'react';
import { getSupabase } from '@/launch/lazy-supabase';
import { env } from '@/lib/env';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { ONLINE_EVENT, ONLINE_SIGNAL_WINDOW_MS, ONLINE_TOPIC, PRESENCE_HEARTBEAT_MS } from '../constants';
import { newerSummary, parseOnlineSummary, tabDigest, type OnlineSummary } from '../model/presence';

/** After the window, so the clock's stamp finds it open whatever the clocks' small differences. */
const CLOCK_MARGIN_MS = 300;

const newTabKey = (_identity: string | null): string => crypto.randomUUID();

export type PresenceStatus = 'offline' | 'connecting' | 'live';
export type OnlineState = { status: PresenceStatus; summary: OnlineSummary | null };

/**
 * Keeps this tab counted online and follows who else is: stamps the tab's presence now and every
 * PRESENCE_HEARTBEAT_MS (the answer is the online list), follows the list the database sends on
 * the online topic when it changes, and says goodbye when the tab closes, signs out or goes
 * offline. Offline the list is dropped, never shown stale. The tab is counted as the member whose
 * token it carries, or as a guest: nothing it sends names anyone.
 */
export function useOnlineSummary(memberId: string | null): OnlineState {
  const online = useConnectivityStore((s) => s.online);
  const [state, setState] = useState<OnlineState>({ status: online ? 'connecting' : 'offline', summary: null });
  // One key per identity, kept while the connection comes and goes (back online, the tab is the same
  // tab, not a second guest); a signed-out tab's row never turns into a guest's, or the reverse.
  const tabKey = useMemo(() => newTabKey(memberId), [memberId]);

  useEffect(() => {
    if (!online) {
      setState({ status: 'offline', summary: null });
      return;
    }
    let cancelled = false;
    let clockTimer: ReturnType<typeof setTimeout> | null = null;
    // without a digest (no WebCrypto) this tab never acts as the clock; the others' stamps take over
    const digest = tabDigest(tabKey).catch(() => null);
    let client: SupabaseClient | null = null;
    let channel: RealtimeChannel | null = null;
    let token: string | null = null;
    let left = false;
    let joinedBefore = false;
    setState({ status: 'connecting', summary: null });

    const take = (value: unknown) => {
      const next = parseOnlineSummary(value);
      if (!cancelled && next) setState((s) => ({ status: 'live', summary: newerSummary(s.summary, next) }));
      return next;
    };
    const beat = async () => {
      if (cancelled || !client) return;
      token = (await client.auth.getSession()).data.session?.access_token ?? null;
      const { data, error } = await client.rpc('presence_beat', { tab_key: tabKey });
      // on an error the list shown stands; the next stamp tries again
      if (!error) take(data);
    };
    // Goodbye, so the others see the departure with the next summary instead of when the stamp goes
    // stale: a request the browser finishes even when the page is gone, sent with the token the tab
    // last stamped with (after a sign-out the client no longer has it).
    const leave = () => {
      if (left) return;
      left = true;
      void fetch(`${env.supabaseUrl}/rest/v1/rpc/presence_leave`, {
        method: 'POST',
        keepalive: true,
        headers: { apikey: env.supabaseAnonKey, Authorization: `Bearer ${token ?? env.supabaseAnonKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ tab_key: tabKey }),
      }).catch(() => undefined);
    };
    const onPageShow = (event: PageTransitionEvent) => {
      // back from the back-forward cache: counted again at once
      if (event.persisted) {
        left = false;
        void beat().catch(() => undefined);
      }
    };
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', onPageShow);
    const timer = setInterval(() => void beat().catch(() => undefined), PRESENCE_HEARTBEAT_MS);

    void getSupabase().then(async (c) => {
      if (cancelled) return;
      client = c;
      // realtime-js hands back an existing channel of the same topic: one still leaving from the
      // previous identity would swallow this subscription, so it is removed first.
      const stale = c.getChannels().find((existing) => existing.topic === `realtime:${ONLINE_TOPIC}`);
      if (stale) await c.removeChannel(stale);
      if (cancelled) return;
      // Private: anyone may follow the topic, and only the database speaks on it.
      const ch = c.channel(ONLINE_TOPIC, { config: { private: true } });
      channel = ch;
      const onSummary = (m: { payload: unknown }) => {
        const clock = take(m.payload)?.clock;
        // named the clock: stamp once when the window reopens, which sends what changed meanwhile
        if (clock)
          void digest.then((mine) => {
            if (cancelled || clock !== mine || clockTimer !== null) return;
            clockTimer = setTimeout(() => {
              clockTimer = null;
              void beat().catch(() => undefined);
            }, ONLINE_SIGNAL_WINDOW_MS + CLOCK_MARGIN_MS);
          });
      };
      ch.on('broadcast', { event: ONLINE_EVENT }, onSummary).subscribe((status) => {
        // joined again after a dropped socket: what was said meanwhile is asked for
        if (status === 'SUBSCRIBED' && joinedBefore) void beat().catch(() => undefined);
        if (status === 'SUBSCRIBED') joinedBefore = true;
      });
      void beat().catch(() => undefined);
    });

    return () => {
      cancelled = true;
      clearInterval(timer);
      if (clockTimer !== null) clearTimeout(clockTimer);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', onPageShow);
      if (client) leave();
      if (client && channel) void client.removeChannel(channel);
    };
  }, [online, tabKey]);

  return state;
}
