import type { RealtimeChannel } from '@supabase/supabase-js';
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
    let cancelled = false;
    const key = memberId ?? `guest-${crypto.randomUUID()}`;
    void getSupabase().then((client) => {
      if (cancelled) return;
      const ch = client.channel(channelName, { config: { presence: { key } } });
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
      // The client is shared with the rest of the app: leave the channel, never the socket.
      channel = ch;
    });
    return () => {
      cancelled = true;
      const ch = channel;
      if (ch) {
        void ch.untrack().finally(() => void getSupabase().then((client) => client.removeChannel(ch)));
      }
    };
  }, [online, channelName, memberId, username, avatar]);

  return state;
}
