import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useOnlineSummary, type PresenceStatus } from '../hooks/use-online-summary';
import type { PresenceMember } from '../model/presence';

export type PresenceState = { status: PresenceStatus; members: PresenceMember[]; count: number; guests: number };
type ShellPresence = { panel: PresenceState; sidebar: PresenceState };
export type PresenceMemberInput = { id: string; username: string; avatar_url: string | null } | null;

const NOT_JOINED: PresenceState = { status: 'connecting', members: [], count: 0, guests: 0 };
const PresenceContext = createContext<ShellPresence>({ panel: NOT_JOINED, sidebar: NOT_JOINED });

/**
 * Every open tab is counted online and follows the one online list, whatever page it shows: the
 * home panel and the sidebar read the same list, so they never disagree.
 */
export function PresenceProvider({ member, children }: { member: PresenceMemberInput; children: ReactNode }) {
  const { status, summary } = useOnlineSummary(member?.id ?? null);
  const value = useMemo(() => {
    const state: PresenceState =
      status === 'live' && summary ? { status, members: summary.members, count: summary.count, guests: summary.guests } : { ...NOT_JOINED, status };
    return { panel: state, sidebar: state };
  }, [status, summary]);
  return <PresenceContext.Provider value={value}>{children}</PresenceContext.Provider>;
}

export function useShellPresence(): ShellPresence {
  return useContext(PresenceContext);
}
