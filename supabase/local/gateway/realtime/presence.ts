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
