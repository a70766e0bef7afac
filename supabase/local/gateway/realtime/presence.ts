/**
 * Phoenix Presence per topic, in the wire shape the client's Presence.syncState/syncDiff expect:
 * `{ [key]: { metas: [{ phx_ref, ...meta }] } }`. Never stored: it lives as long as the sockets do.
 */

export type Meta = { phx_ref: string; phx_ref_prev?: string } & Record<string, unknown>;
export type PresenceMap = Record<string, { metas: Meta[] }>;
export interface PresenceDiff {
  joins: PresenceMap;
  leaves: PresenceMap;
}

interface Entry {
  key: string;
  meta: Meta;
}

const MEMBER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a track names a member (a presence key the client chose, or a `user_id` in the payload,
 * in the form of a member id) other than the one whose token the channel carries. Hosted Supabase
 * relays such a track; this stack refuses it, so a test or a dev session never sees one member
 * pass as another. The app does not rely on it: it checks who is online against the database.
 */
export function namesAnotherMember(claims: { role: string; sub?: string }, chosenKey: string | null, payload: Record<string, unknown>): boolean {
  // the service role speaks for the server, which may announce anyone
  if (claims.role === 'service_role') return false;
  const named = [chosenKey, payload.user_id].filter((v): v is string => typeof v === 'string' && MEMBER_ID.test(v));
  return named.some((id) => id.toLowerCase() !== claims.sub?.toLowerCase());
}

let refCounter = 0;
const nextRef = (): string => `F${Date.now().toString(36)}${(refCounter++).toString(36)}`;

const single = (key: string, meta: Meta): PresenceMap => ({ [key]: { metas: [meta] } });

/** `M` identifies one channel membership (one joined channel on one socket). */
export class PresenceRegistry<M> {
  private topics = new Map<string, Map<M, Entry>>();

  state(topic: string): PresenceMap {
    const out: PresenceMap = {};
    for (const { key, meta } of this.topics.get(topic)?.values() ?? []) (out[key] ??= { metas: [] }).metas.push(meta);
    return out;
  }

  /** Tracks or, when the member already tracks, updates (a leave of the old meta and a join of the new). */
  track(topic: string, member: M, key: string, payload: Record<string, unknown>): PresenceDiff {
    let members = this.topics.get(topic);
    if (!members) this.topics.set(topic, (members = new Map()));
    const previous = members.get(member);
    const meta: Meta = { ...payload, phx_ref: nextRef() };
    if (previous) meta.phx_ref_prev = previous.meta.phx_ref;
    members.set(member, { key, meta });
    return { joins: single(key, meta), leaves: previous ? single(previous.key, previous.meta) : {} };
  }

  untrack(topic: string, member: M): PresenceDiff | null {
    const members = this.topics.get(topic);
    const previous = members?.get(member);
    if (!members || !previous) return null;
    members.delete(member);
    if (members.size === 0) this.topics.delete(topic);
    return { joins: {}, leaves: single(previous.key, previous.meta) };
  }

  topicCount(): number {
    return this.topics.size;
  }
}
