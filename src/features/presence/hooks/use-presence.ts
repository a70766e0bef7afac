import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useRef, useState } from 'react';
import { getSupabase } from '@/launch/lazy-supabase';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { presencePayload, summarizePresence, type AnnouncedPresence, type PresenceRecord } from '../model/presence';

export type PresenceMemberInput = { id: string; username: string; avatar_url: string | null } | null;
export type PresenceStatus = 'offline' | 'connecting' | 'live';
export type AnnouncedState = { status: PresenceStatus } & AnnouncedPresence;

const EMPTY: AnnouncedPresence = { members: [], guests: 0 };

/**
 * Joins a realtime presence channel, announces this tab once `ready` (a member's
 * heartbeat stamped first, so others can vouch for them as soon as they appear)
 * and follows who else announced themselves. Online only: offline the list is
 * dropped, never shown stale.
 */
export function usePresence(channelName: string, member: PresenceMemberInput, ready: boolean): AnnouncedState {
  const online = useConnectivityStore((s) => s.online);
  const [state, setState] = useState<AnnouncedState>({ status: online ? 'connecting' : 'offline', ...EMPTY });
  const memberId = member?.id ?? null;
  const username = member?.username ?? null;
  const avatar = member?.avatar_url ?? null;
  const readyRef = useRef(ready);
  const trackRef = useRef<(() => void) | null>(null);

  useEffect(() => {
    readyRef.current = ready;
    if (ready) trackRef.current?.();
  }, [ready]);

  useEffect(() => {
    if (!online) {
      setState({ status: 'offline', ...EMPTY });
      return;
    }
    setState((s) => ({ ...s, status: s.status === 'live' ? 'live' : 'connecting' }));
    let channel: RealtimeChannel | null = null;
    let owner: SupabaseClient | null = null;
    let cancelled = false;
    let joined = false;
    let tracked = false;
    const key = memberId ?? `guest-${crypto.randomUUID()}`;
    const trackSelf = () => {
      if (cancelled || !channel || !joined || tracked || !readyRef.current) return;
      tracked = true;
      void channel.track(presencePayload(memberId && username ? { id: memberId, username, avatar_url: avatar } : null));
    };
    trackRef.current = trackSelf;
    void getSupabase().then(async (client) => {
      if (cancelled) return;
      owner = client;
      // realtime-js hands back an existing channel of the same topic: one still leaving from the
      // previous identity would swallow this subscription, so it is removed first.
      const stale = client.getChannels().find((c) => c.topic === `realtime:${channelName}`);
      if (stale) await client.removeChannel(stale);
      if (cancelled) return;
      // Private: the server's policies let everyone follow and announce presence here, and nobody broadcast.
      const ch = client.channel(channelName, { config: { private: true, presence: { key } } });
      channel = ch;
      const refresh = () => {
        if (!cancelled) setState({ status: 'live', ...summarizePresence(ch.presenceState<PresenceRecord>() as Record<string, PresenceRecord[]>) });
      };
      ch.on('presence', { event: 'sync' }, refresh).on('presence', { event: 'join' }, refresh).on('presence', { event: 'leave' }, refresh);
      ch.subscribe((status) => {
        if (status === 'SUBSCRIBED') {
          // a rejoin after a dropped socket starts with no presence of ours on the server
          joined = true;
          tracked = false;
          trackSelf();
        }
      });
    });
    return () => {
      cancelled = true;
      if (trackRef.current === trackSelf) trackRef.current = null;
      // Leaving the channel removes this tab's presence; the shared socket stays for the rest of the app.
      if (channel && owner) void owner.removeChannel(channel);
    };
  }, [online, channelName, memberId, username, avatar]);

  return state;
}
