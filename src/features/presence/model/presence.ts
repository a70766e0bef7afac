import { GUEST_USERNAME } from '../constants';

export type PresenceMember = { user_id: string; username: string; avatar_url: string | null; online_at: string };
export type PresenceRecord = Partial<PresenceMember> & { guest?: boolean };
export type PresenceList = { members: PresenceMember[]; guests: number };

/** What this tab announces: the member's details, or a guest flag for a visitor. */
export function presencePayload(member: { id: string; username: string; avatar_url: string | null } | null, now: Date = new Date()): PresenceRecord {
  const online_at = now.toISOString();
  return member ? { user_id: member.id, username: member.username, avatar_url: member.avatar_url, online_at } : { guest: true, username: GUEST_USERNAME, online_at };
}

/**
 * Flattens a channel's presence state: each member once (several tabs are one
 * member), earliest first; every guest key counts as one guest.
 */
export function summarizePresence(state: Record<string, PresenceRecord[]>): PresenceList {
  const members = new Map<string, PresenceMember>();
  let guests = 0;
  for (const records of Object.values(state)) {
    const record = records[0];
    if (!record) continue;
    if (record.guest || !record.user_id) {
      guests += 1;
      continue;
    }
    for (const r of records) {
      if (!r.user_id || r.guest) continue;
      const known = members.get(r.user_id);
      const entry = { user_id: r.user_id, username: r.username ?? '', avatar_url: r.avatar_url ?? null, online_at: r.online_at ?? '' };
      if (!known || entry.online_at < known.online_at) members.set(r.user_id, entry);
    }
  }
  return { members: [...members.values()].sort((a, b) => a.online_at.localeCompare(b.online_at) || a.username.localeCompare(b.username)), guests };
}

/** The panel's layout: full rows, small avatars up to the total shown, and how many remain as '+N'. */
export function panelLayout<T>(members: readonly T[], fullRows: number, maxShown: number): { rows: T[]; avatars: T[]; more: number } {
  return { rows: members.slice(0, fullRows), avatars: members.slice(fullRows, maxShown), more: Math.max(0, members.length - maxShown) };
}
