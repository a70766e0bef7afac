import { GUEST_USERNAME } from '../constants';

export type PresenceMember = { user_id: string; username: string; avatar_url: string | null; online_at: string };
/** What a tab announced on a channel. Any socket can announce anything, so none of it is trusted for identity. */
export type PresenceRecord = { user_id?: string; username?: string; avatar_url?: string | null; online_at?: string; guest?: boolean };
/** A member id some tab announced, and when its earliest tab joined. */
export type AnnouncedMember = { user_id: string; online_at: string };
export type AnnouncedPresence = { members: AnnouncedMember[]; guests: number };
export type PresenceList = { members: PresenceMember[]; guests: number };
/** A member the database vouches for (fresh heartbeat), named from their profile. */
export type VouchedMember = { user_id: string; username: string; avatar_url: string | null };

/**
 * What this tab announces: the member's record (id, name, avatar), or a guest
 * flag for a visitor. Whoever shows it trusts only the id, and only once the
 * database vouches for it; the name and avatar shown come from the profile.
 */
export function presencePayload(member: { id: string; username: string; avatar_url: string | null } | null, now: Date = new Date()): PresenceRecord {
  const online_at = now.toISOString();
  return member
    ? { user_id: member.id, username: member.username, avatar_url: member.avatar_url, online_at }
    : { guest: true, username: GUEST_USERNAME, online_at };
}

/**
 * Flattens a channel's presence state: each member id once (several tabs are
 * one member), earliest first; every guest key counts as one guest.
 */
export function summarizePresence(state: Record<string, PresenceRecord[]>): AnnouncedPresence {
  const members = new Map<string, string>();
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
      const at = typeof r.online_at === 'string' ? r.online_at : '';
      const known = members.get(r.user_id);
      if (known === undefined || at < known) members.set(r.user_id, at);
    }
  }
  return { members: [...members].map(([user_id, online_at]) => ({ user_id, online_at })), guests };
}

/**
 * The members to show: only announced ids the database vouches for, under the
 * name and avatar of their profile, earliest arrival first. A tab announcing
 * someone else's id shows nothing unless that member really is online.
 */
export function vouchedPresence(announced: AnnouncedPresence, vouched: ReadonlyMap<string, VouchedMember>): PresenceList {
  const members: PresenceMember[] = [];
  for (const a of announced.members) {
    const profile = vouched.get(a.user_id);
    if (profile) members.push({ user_id: a.user_id, username: profile.username, avatar_url: profile.avatar_url, online_at: a.online_at });
  }
  members.sort((a, b) => a.online_at.localeCompare(b.online_at) || a.username.localeCompare(b.username));
  return { members, guests: announced.guests };
}

/** The panel's layout: full rows, small avatars up to the total shown, and how many remain as '+N'. */
export function panelLayout<T>(members: readonly T[], fullRows: number, maxShown: number): { rows: T[]; avatars: T[]; more: number } {
  return { rows: members.slice(0, fullRows), avatars: members.slice(fullRows, maxShown), more: Math.max(0, members.length - maxShown) };
}
