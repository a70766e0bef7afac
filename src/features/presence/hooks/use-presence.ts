import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';
import { getSupabase } from '@/lib/lazy-supabase';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { presencePayload, summarizePresence, type PresenceList, type PresenceRecord } from '../model/presence';

export type PresenceMemberInput = { id: string; username: string; avatar_url: string | null } | null;
export type PresenceState = { status: 'offline' | 'connecting' | 'live' } & PresenceList;

const EMPTY: PresenceList = { members: [], guests: 0 };

/**
 * Joins a realtime presence channel, announces this tab and follows who else
 * is there. Online only: offline the list is dropped, never shown stale.
 */
export function usePresence(channelName: string, member: PresenceMemberInput): PresenceState {
  const online = useConnectivityStore((s) => s.online);
  const [state, setState] = useState<PresenceState>({ status: online ? 'connecting' : 'offline', ...EMPTY });
  const memberId = member?.id ?? null;
  const username = member?.username ?? null;
  const avatar = member?.avatar_url ?? null;

  useEffect(() => {
    if (!online) {
      setState({ status: 'offline', ...EMPTY });
      return;
    }
    setState((s) => ({ ...s, status: s.status === 'live' ? 'live' : 'connecting' }));
    let channel: RealtimeChannel | null = null;
    let owner: SupabaseClient | null = null;
    let cancelled = false;
    const key = memberId ?? `guest-${crypto.randomUUID()}`;
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
          const self = memberId && username ? { id: memberId, username, avatar_url: avatar } : null;
          void ch.track(presencePayload(self));
        }
      });
    });
    return () => {
      cancelled = true;
      // Leaving the channel removes this tab's presence; the shared socket stays for the rest of the app.
      if (channel && owner) void owner.removeChannel(channel);
    };
  }, [online, channelName, memberId, username, avatar]);

  return state;
}
