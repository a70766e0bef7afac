import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useMemo, useRef, useState } from 'react';
import { getSupabase } from '@/launch/lazy-supabase';
import { env } from '@/lib/env';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { ONLINE_EVENT, ONLINE_SIGNAL_WINDOW_MS, ONLINE_TOPIC, PRESENCE_HEARTBEAT_MS, PRESENCE_REFUSED_CODE } from '../constants';
import { newerSummary, parseOnlineSummary, tabDigest, type OnlineSummary } from '../model/presence';

/** After the window, so the clock's stamp finds it open whatever the clocks' small differences. */
const CLOCK_MARGIN_MS = 300;
/** How long a tab's first stamp waits for the online topic's join before it stamps without it. */
const FIRST_STAMP_WAIT_MS = 3_000;

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
  // When this tab is due to stamp for the window (it was named the clock). Kept across a change of identity (a
  // sign-in makes a new tab key): the summary named the old key, and nobody else knows to stamp.
  const clockDue = useRef<number | null>(null);

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
    let firstBeat: ReturnType<typeof setTimeout> | null = null;
    setState({ status: 'connecting', summary: null });

    // Named the clock: stamp once when the window reopens, which sends what changed meanwhile.
    const stampAt = (due: number) => {
      clockDue.current = due;
      if (clockTimer !== null) return;
      clockTimer = setTimeout(
        () => {
          clockTimer = null;
          clockDue.current = null;
          void beat().catch(() => undefined);
        },
        Math.max(0, due - Date.now()),
      );
    };
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
      // too many tabs of this caller counted already: this one is not, but still shows who is
      else if (error.code === PRESENCE_REFUSED_CODE) {
        const list = await client.rpc('online_summary');
        if (!list.error) take(list.data);
      }
    };
    // The first stamp. The database holds an arrival until it has stood for the window (a short visit then costs
    // the other pages nothing), and the tab the last summary named may have gone (a reload makes a new tab): the
    // arriving tab stamps once more when its arrival has surely settled, so it is sent then. One more call per tab
    // opened, not per page online.
    let arrived = false;
    const arrive = async () => {
      if (arrived) return beat().catch(() => undefined);
      arrived = true;
      await beat().catch(() => undefined);
      if (!cancelled) stampAt(Date.now() + ONLINE_SIGNAL_WINDOW_MS + CLOCK_MARGIN_MS);
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
        if (clock)
          void digest.then((mine) => {
            if (!cancelled && clock === mine) stampAt(Date.now() + ONLINE_SIGNAL_WINDOW_MS + CLOCK_MARGIN_MS);
          });
      };
      if (clockDue.current !== null) stampAt(clockDue.current);
      // The first stamp waits for the join: the summary this arrival makes is heard, and with it whether this tab
      // is the clock (a tab that missed it would never stamp for the window). Without a join soon, it stamps anyway.
      firstBeat = setTimeout(() => {
        firstBeat = null;
        void arrive();
      }, FIRST_STAMP_WAIT_MS);
      ch.on('broadcast', { event: ONLINE_EVENT }, onSummary).subscribe((status) => {
        if (status !== 'SUBSCRIBED') return;
        // joined (again, after a dropped socket): stamped now, which also asks for what was said meanwhile
        if (firstBeat !== null) {
          clearTimeout(firstBeat);
          firstBeat = null;
          void arrive();
        } else void beat().catch(() => undefined);
      });
    });

    return () => {
      cancelled = true;
      clearInterval(timer);
      if (clockTimer !== null) clearTimeout(clockTimer);
      if (firstBeat !== null) clearTimeout(firstBeat);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', onPageShow);
      if (client) leave();
      if (client && channel) void client.removeChannel(channel);
    };
  }, [online, tabKey]);

  return state;
}
