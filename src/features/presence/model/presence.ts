export type PresenceMember = { user_id: string; username: string; avatar_url: string | null; online_at: string };
/**
 * Who is online as the database worked it out: how many members and guests, and the first
 * members by arrival (as many as any list shows), named from their profiles. `at` is when it
 * was worked out: a page keeps the newest of what its own stamp answered and what the topic sent.
 */
export type OnlineSummary = { count: number; guests: number; members: PresenceMember[]; at: string; clock?: string };

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

function asMember(v: unknown): PresenceMember | null {
  if (typeof v !== 'object' || v === null) return null;
  const m = v as Record<string, unknown>;
  if (typeof m.user_id !== 'string' || typeof m.username !== 'string' || typeof m.online_at !== 'string') return null;
  if (m.avatar_url !== null && typeof m.avatar_url !== 'string') return null;
  return { user_id: m.user_id, username: m.username, avatar_url: m.avatar_url, online_at: m.online_at };
}

/** A summary from the wire, or null when it is not one (a malformed message changes nothing). */
export function parseOnlineSummary(value: unknown): OnlineSummary | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!isCount(v.count) || !isCount(v.guests) || !Array.isArray(v.members) || typeof v.at !== 'string' || Number.isNaN(Date.parse(v.at))) return null;
  const members = v.members.map(asMember);
  if (members.some((m) => m === null)) return null;
  const summary: OnlineSummary = { count: v.count, guests: v.guests, members: members as PresenceMember[], at: v.at };
  if (typeof v.clock === 'string') summary.clock = v.clock;
  return summary;
}

/** The digest a summary names its clock tab by (hex SHA-256 of the tab key, as the database writes it). */
export async function tabDigest(tabKey: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(tabKey)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The newer of two summaries (by when the database worked them out); the current one on a tie. */
export function newerSummary(current: OnlineSummary | null, next: OnlineSummary): OnlineSummary {
  return current && Date.parse(current.at) >= Date.parse(next.at) ? current : next;
}

/** The panel's layout: full rows, small avatars up to the total shown, and how many remain as '+N' of `total` online. */
export function panelLayout<T>(members: readonly T[], total: number, fullRows: number, maxShown: number): { rows: T[]; avatars: T[]; more: number } {
  return { rows: members.slice(0, fullRows), avatars: members.slice(fullRows, maxShown), more: Math.max(0, total - Math.min(members.length, maxShown)) };
}
