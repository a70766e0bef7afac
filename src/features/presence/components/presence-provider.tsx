import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { PRESENCE_CHANNELS } from '../constants';
import { usePresence, type PresenceMemberInput, type PresenceState } from '../hooks/use-presence';

type ShellPresence = { panel: PresenceState; sidebar: PresenceState };

const NOT_JOINED: PresenceState = { status: 'connecting', members: [], guests: 0 };
const PresenceContext = createContext<ShellPresence>({ panel: NOT_JOINED, sidebar: NOT_JOINED });

/**
 * Every open tab joins both presence channels, whatever page it shows. Joined
 * only while the home page was open, the home panel counted the people on the
 * home page while the sidebar counted everyone: the two disagreed.
 */
export function PresenceProvider({ member, children }: { member: PresenceMemberInput; children: ReactNode }) {
  const panel = usePresence(PRESENCE_CHANNELS.panel, member);
  const sidebar = usePresence(PRESENCE_CHANNELS.sidebar, member);
  const value = useMemo(() => ({ panel, sidebar }), [panel, sidebar]);
  return <PresenceContext.Provider value={value}>{children}</PresenceContext.Provider>;
}

export function useShellPresence(): ShellPresence {
  return useContext(PresenceContext);
}
