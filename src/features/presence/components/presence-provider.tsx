import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { PRESENCE_CHANNELS } from '../constants';
import { usePresence, type AnnouncedState, type PresenceMemberInput, type PresenceStatus } from '../hooks/use-presence';
import { usePresenceHeartbeat } from '../hooks/use-presence-heartbeat';
import { useVouchedMembers } from '../hooks/use-vouched-members';
import { vouchedPresence, type PresenceList, type VouchedMember } from '../model/presence';

export type PresenceState = { status: PresenceStatus } & PresenceList;
type ShellPresence = { panel: PresenceState; sidebar: PresenceState };

const NOT_JOINED: PresenceState = { status: 'connecting', members: [], guests: 0 };
const PresenceContext = createContext<ShellPresence>({ panel: NOT_JOINED, sidebar: NOT_JOINED });

/** A channel's list as shown: members only once the database has said who of them is really online. */
function shown(announced: AnnouncedState, vouched: ReadonlyMap<string, VouchedMember> | null): PresenceState {
  if (announced.status !== 'live') return { status: announced.status, members: [], guests: 0 };
  if (!vouched) return NOT_JOINED;
  return { status: 'live', ...vouchedPresence(announced, vouched) };
}

/**
 * Every open tab joins both presence channels, whatever page it shows. Joined
 * only while the home page was open, the home panel counted the people on the
 * home page while the sidebar counted everyone: the two disagreed. Both lists
 * are checked against the same answer from the database.
 */
export function PresenceProvider({ member, children }: { member: PresenceMemberInput; children: ReactNode }) {
  const memberId = member?.id ?? null;
  const ready = usePresenceHeartbeat(memberId);
  const panelAnnounced = usePresence(PRESENCE_CHANNELS.panel, member, ready);
  const sidebarAnnounced = usePresence(PRESENCE_CHANNELS.sidebar, member, ready);
  const ids = useMemo(() => [...panelAnnounced.members, ...sidebarAnnounced.members].map((m) => m.user_id), [panelAnnounced.members, sidebarAnnounced.members]);
  const vouched = useVouchedMembers(ids, panelAnnounced.status === 'live' || sidebarAnnounced.status === 'live');
  const value = useMemo(
    () => ({ panel: shown(panelAnnounced, vouched), sidebar: shown(sidebarAnnounced, vouched) }),
    [panelAnnounced, sidebarAnnounced, vouched],
  );
  return <PresenceContext.Provider value={value}>{children}</PresenceContext.Provider>;
}

export function useShellPresence(): ShellPresence {
  return useContext(PresenceContext);
}
