import { randomUUID } from 'node:crypto';
import type { RawData, WebSocket } from 'ws';
import type { GatewayContext } from '../context';
import type { Claims } from '../jwt';
import { channelPermissions, PUBLIC_CHANNEL, type ChannelPermissions } from './authorization';
import type { Catalog } from './catalog';
import type { ChangeEvent, ChangeListener, ChangeRouter, PgSubscription } from './changes';
import { EVENTS, PHOENIX_TOPIC, REASONS } from './constants';
import { FilterParseError, parseFilter } from './filters';
import { namesAnotherMember, type PresenceDiff, type PresenceRegistry } from './presence';
import {
  broadcastBodyFromJson,
  decodeBinary,
  decodeText,
  encodeBroadcast,
  encodeText,
  encodeTextWithRawPayload,
  FrameError,
  type BroadcastBody,
  type InboundMessage,
  type JsonObject,
  type Vsn,
} from './protocol';

/** State shared by every socket of the realtime server. */
export interface Hub {
  ctx: GatewayContext;
  catalog: Catalog;
  router: ChangeRouter;
  presence: PresenceRegistry<JoinedChannel>;
  topics: Map<string, Set<JoinedChannel>>;
  connections: Set<Connection>;
}

/** A socket that buffers more than this is not reading; it is dropped rather than grow memory. */
const MAX_BUFFERED_BYTES = 32 * 1024 * 1024;
const MAX_TIMER_MS = 2 ** 31 - 1;
const CHANGE_EVENTS: ReadonlySet<string> = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const bool = (v: unknown): boolean => v === true;

class JoinError extends Error {}

interface ChannelConfig {
  self: boolean;
  ack: boolean;
  presenceKey: string;
  /** whether the client chose the key (else the server made one up) */
  presenceKeyChosen: boolean;
  presenceEnabled: boolean;
  private: boolean;
}

/** Private and public channels of the same name are separate rooms, as on Supabase. */
export const hubTopic = (topic: string, isPrivate: boolean): string => (isPrivate ? `private:${topic}` : topic);

export class JoinedChannel implements ChangeListener {
  expiryTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly conn: Connection,
    readonly topic: string,
    readonly joinRef: string | null,
    private currentClaims: Claims,
    readonly config: ChannelConfig,
    public permissions: ChannelPermissions,
  ) {}

  /** the key of this channel's room in the hub (topics, presence) */
  get room(): string {
    return hubTopic(this.topic, this.config.private);
  }

  get subTopic(): string {
    return this.topic.replace(/^realtime:/i, '');
  }

  claims(): Claims {
    return this.currentClaims;
  }

  setClaims(claims: Claims): void {
    this.currentClaims = claims;
  }

  sendRaw(event: string, rawPayload: string): void {
    this.conn.sendText(encodeTextWithRawPayload(this.topic, event, rawPayload, this.conn.vsn));
  }

  push(event: string, payload: unknown): void {
    this.conn.send({ joinRef: this.joinRef, ref: null, topic: this.topic, event, payload });
  }
}

function rawToBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/** One WebSocket: Phoenix channels joined over it, handled one frame at a time in arrival order. */
export class Connection {
  readonly channels = new Map<string, JoinedChannel>();
  lastSeen = Date.now();
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    readonly ws: WebSocket,
    readonly vsn: Vsn,
    /** the socket's `apikey`: the token of a join that brings none */
    private readonly apikey: string,
    private readonly hub: Hub,
  ) {
    hub.connections.add(this);
    ws.on('message', (data, isBinary) => {
      this.lastSeen = Date.now();
      this.queue = this.queue
        .then(() => this.onFrame(rawToBuffer(data), isBinary))
        .catch((err: unknown) => console.error('[realtime] frame handling failed:', err instanceof Error ? err.message : err));
    });
    ws.on('close', () => this.cleanup());
    // errors (bad frames at the WebSocket level, resets) are followed by 'close'
    ws.on('error', () => undefined);
  }

  send(msg: { joinRef: string | null; ref: string | null; topic: string; event: string; payload: unknown }): void {
    this.sendText(encodeText(msg, this.vsn));
  }

  sendText(text: string | Buffer): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.terminate();
      return;
    }
    this.ws.send(text);
  }

  private reply(msg: { topic: string; ref: string | null; joinRef: string | null }, status: 'ok' | 'error', response: JsonObject = {}): void {
    this.send({ joinRef: msg.joinRef, ref: msg.ref, topic: msg.topic, event: EVENTS.reply, payload: { status, response } });
  }

  private async onFrame(buf: Buffer, isBinary: boolean): Promise<void> {
    let msg: InboundMessage;
    try {
      msg = isBinary ? decodeBinary(buf) : decodeText(buf.toString('utf8'), this.vsn);
    } catch (err) {
      const partial = err instanceof FrameError ? err.partial : {};
      const detail = err instanceof Error ? err.message : String(err);
      this.reply({ topic: partial.topic ?? PHOENIX_TOPIC, ref: partial.ref ?? null, joinRef: partial.joinRef ?? null }, 'error', {
        reason: REASONS.malformedFrame(detail),
      });
      return;
    }
    try {
      await this.dispatch(msg);
    } catch (err) {
      // a bug or a database hiccup answers this push with an error; the socket and its other channels stay
      console.error(`[realtime] ${msg.event} on ${msg.topic} failed:`, err instanceof Error ? err.message : err);
      this.reply(msg, 'error', { reason: REASONS.internal });
    }
  }

  private async dispatch(msg: InboundMessage): Promise<void> {
    if (msg.topic === PHOENIX_TOPIC) {
      if (msg.event === EVENTS.heartbeat) this.reply(msg, 'ok');
      else this.reply(msg, 'error', { reason: REASONS.unknownEvent(msg.event) });
      return;
    }
    if (msg.event === EVENTS.join) return this.join(msg);
    const channel = this.channels.get(msg.topic);
    if (!channel) {
      this.reply(msg, 'error', { reason: REASONS.unmatchedTopic });
      return;
    }
    switch (msg.event) {
      case EVENTS.leave:
        this.reply(msg, 'ok');
        this.closeChannel(channel, true);
        return;
      case EVENTS.accessToken:
        return this.updateToken(msg, channel);
      case EVENTS.broadcast:
        return this.broadcast(msg, channel);
      case EVENTS.presence:
        return this.presence(msg, channel);
      default:
        this.reply(msg, 'error', { reason: REASONS.unknownEvent(msg.event) });
    }
  }

  private async verify(token: unknown): Promise<Claims> {
    if (typeof token !== 'string') throw new JoinError(REASONS.invalidToken('access_token must be a string'));
    try {
      return await this.hub.ctx.jwt.verify(token);
    } catch (err) {
      throw new JoinError(REASONS.invalidToken(err instanceof Error ? err.message : String(err)));
    }
  }

  private async join(msg: InboundMessage): Promise<void> {
    const existing = this.channels.get(msg.topic);
    // Phoenix closes the earlier join of the same topic on the same socket
    if (existing) this.closeChannel(existing, true);
    try {
      const claims = await this.verify(msg.payload.access_token ?? this.apikey);
      const config = isObject(msg.payload.config) ? msg.payload.config : {};
      const broadcast = isObject(config.broadcast) ? config.broadcast : {};
      const presence = isObject(config.presence) ? config.presence : {};
      const presenceKeyChosen = typeof presence.key === 'string' && presence.key !== '';
      const presenceKey = presenceKeyChosen ? (presence.key as string) : randomUUID();
      const channelConfig: ChannelConfig = {
        self: bool(broadcast.self),
        ack: bool(broadcast.ack),
        presenceKey,
        presenceKeyChosen,
        presenceEnabled: bool(presence.enabled),
        private: bool(config.private),
      };
      const subTopic = msg.topic.replace(/^realtime:/i, '');
      const permissions = channelConfig.private ? await channelPermissions(this.hub.ctx, claims, subTopic) : PUBLIC_CHANNEL;
      if (!permissions.readBroadcast && !permissions.readPresence) throw new JoinError(REASONS.unauthorizedRead(subTopic));
      const channel = new JoinedChannel(this, msg.topic, msg.joinRef, claims, channelConfig, permissions);
      const bindings = await this.postgresBindings(config.postgres_changes, channel);

      this.channels.set(msg.topic, channel);
      let members = this.hub.topics.get(channel.room);
      if (!members) this.hub.topics.set(channel.room, (members = new Set()));
      members.add(channel);
      for (const { sub } of bindings) this.hub.router.add(sub);
      this.scheduleExpiry(channel);

      this.reply(msg, 'ok', { postgres_changes: bindings.map((b) => b.echo) });
      if (channelConfig.presenceEnabled && permissions.readPresence) channel.push(EVENTS.presenceState, this.hub.presence.state(channel.room));
      if (bindings.length > 0) {
        channel.push(EVENTS.system, { extension: 'postgres_changes', channel: channel.subTopic, message: 'Subscribed to PostgreSQL', status: 'ok' });
      }
    } catch (err) {
      if (!(err instanceof JoinError)) throw err;
      this.reply(msg, 'error', { reason: err.message });
    }
  }

  /** Validates `config.postgres_changes` and builds the subscriptions, with the echo realtime-js matches by index. */
  private async postgresBindings(raw: unknown, channel: JoinedChannel): Promise<Array<{ sub: PgSubscription; echo: JsonObject }>> {
    if (raw === undefined || raw === null) return [];
    if (!Array.isArray(raw)) throw new JoinError(REASONS.invalidPayload('config.postgres_changes must be an array'));
    const out: Array<{ sub: PgSubscription; echo: JsonObject }> = [];
    for (const entry of raw as unknown[]) {
      if (!isObject(entry)) throw new JoinError(REASONS.invalidPayload('each postgres_changes entry must be an object'));
      const { event, schema, table, filter, select } = entry;
      if (typeof event !== 'string' || !CHANGE_EVENTS.has(event.toUpperCase())) {
        throw new JoinError(REASONS.invalidPayload('postgres_changes event must be one of *, INSERT, UPDATE, DELETE'));
      }
      if (typeof schema !== 'string' || schema === '') throw new JoinError(REASONS.invalidPayload('postgres_changes schema is required'));
      if (table !== undefined && table !== null && typeof table !== 'string')
        throw new JoinError(REASONS.invalidPayload('postgres_changes table must be a string'));
      if (filter !== undefined && filter !== null && typeof filter !== 'string')
        throw new JoinError(REASONS.invalidPayload('postgres_changes filter must be a string'));
      if (select !== undefined && (!Array.isArray(select) || select.some((c) => typeof c !== 'string'))) {
        throw new JoinError(REASONS.invalidPayload('postgres_changes select must be an array of column names'));
      }
      let conditions;
      try {
        conditions = parseFilter(filter);
      } catch (err) {
        if (err instanceof FilterParseError) throw new JoinError(REASONS.invalidFilter(err.message));
        throw err;
      }
      const wholeSchema = table === undefined || table === null || table === '*';
      if (!wholeSchema) {
        const info = await this.hub.catalog.byName(schema, table);
        if (!info) throw new JoinError(REASONS.unknownTable(schema, table));
        for (const c of conditions) if (!info.types.has(c.column)) throw new JoinError(REASONS.unknownColumn(c.column));
      } else if (!(await this.hub.catalog.schemaExists(schema))) {
        throw new JoinError(REASONS.unknownTable(schema, '*'));
      }
      const sub: PgSubscription = {
        id: this.hub.router.newId(),
        listener: channel,
        event: event.toUpperCase() as ChangeEvent,
        schema,
        table: wholeSchema ? null : table,
        conditions,
        select: select as string[] | undefined,
      };
      const echo: JsonObject = { id: sub.id, event, schema };
      if (table !== undefined) echo.table = table;
      if (filter !== undefined) echo.filter = filter;
      out.push({ sub, echo });
    }
    return out;
  }

  private scheduleExpiry(channel: JoinedChannel): void {
    if (channel.expiryTimer) clearTimeout(channel.expiryTimer);
    channel.expiryTimer = null;
    const exp = channel.claims().exp;
    if (typeof exp !== 'number') return;
    const ms = exp * 1000 - Date.now();
    if (ms > MAX_TIMER_MS) return;
    channel.expiryTimer = setTimeout(
      () => {
        channel.push(EVENTS.system, { extension: 'system', channel: channel.subTopic, message: REASONS.tokenExpired, status: 'error' });
        this.closeChannel(channel, true);
      },
      Math.max(0, ms),
    );
    channel.expiryTimer.unref();
  }

  private async updateToken(msg: InboundMessage, channel: JoinedChannel): Promise<void> {
    try {
      const claims = await this.verify(msg.payload.access_token);
      if (channel.config.private) {
        // a new token is a new caller: the policies are asked again
        const permissions = await channelPermissions(this.hub.ctx, claims, channel.subTopic);
        if (!permissions.readBroadcast && !permissions.readPresence) throw new JoinError(REASONS.unauthorizedRead(channel.subTopic));
        channel.permissions = permissions;
      }
      channel.setClaims(claims);
      this.scheduleExpiry(channel);
      this.reply(msg, 'ok');
    } catch (err) {
      if (!(err instanceof JoinError)) throw err;
      // as Supabase does: a channel given a bad token is shut down, the client rejoins with a good one
      this.reply(msg, 'error', { reason: err.message });
      channel.push(EVENTS.system, { extension: 'system', channel: channel.subTopic, message: err.message, status: 'error' });
      this.closeChannel(channel, true);
    }
  }

  private broadcast(msg: InboundMessage, channel: JoinedChannel): void {
    const body: BroadcastBody | null = msg.broadcast ?? broadcastBodyFromJson(msg.payload);
    if (!body) {
      this.reply(msg, 'error', { reason: REASONS.invalidPayload('broadcast needs an event name') });
      return;
    }
    if (!channel.permissions.writeBroadcast) {
      // refused by the channel's policies: nobody receives it
      if (channel.config.ack && msg.ref) this.reply(msg, 'error', { reason: REASONS.unauthorizedWrite(channel.subTopic) });
      return;
    }
    deliverBroadcast(this.hub, channel.room, msg.topic, body, channel);
    if (channel.config.ack && msg.ref) this.reply(msg, 'ok');
  }

  private presence(msg: InboundMessage, channel: JoinedChannel): void {
    const kind = msg.payload.event;
    if (kind === 'track') {
      if (!channel.permissions.writePresence) {
        this.reply(msg, 'error', { reason: REASONS.unauthorizedWrite(channel.subTopic) });
        return;
      }
      const meta = isObject(msg.payload.payload) ? msg.payload.payload : {};
      if (namesAnotherMember(channel.claims(), channel.config.presenceKeyChosen ? channel.config.presenceKey : null, meta)) {
        this.reply(msg, 'error', { reason: REASONS.presenceNotYours });
        return;
      }
      if (!channel.config.presenceEnabled) {
        // tracking turns presence on for the channel; its client needs the state before any diff
        channel.config.presenceEnabled = true;
        if (channel.permissions.readPresence) channel.push(EVENTS.presenceState, this.hub.presence.state(channel.room));
      }
      this.sendPresenceDiff(channel.room, this.hub.presence.track(channel.room, channel, channel.config.presenceKey, meta));
      this.reply(msg, 'ok');
    } else if (kind === 'untrack') {
      const diff = this.hub.presence.untrack(channel.room, channel);
      if (diff) this.sendPresenceDiff(channel.room, diff);
      this.reply(msg, 'ok');
    } else {
      this.reply(msg, 'error', { reason: REASONS.unknownEvent(`presence ${String(kind)}`) });
    }
  }

  private sendPresenceDiff(room: string, diff: PresenceDiff): void {
    for (const member of this.hub.topics.get(room) ?? []) {
      if (member.config.presenceEnabled && member.permissions.readPresence) member.push(EVENTS.presenceDiff, diff);
    }
  }

  private closeChannel(channel: JoinedChannel, notify: boolean): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
    const members = this.hub.topics.get(channel.room);
    members?.delete(channel);
    if (members && members.size === 0) this.hub.topics.delete(channel.room);
    this.hub.router.removeListener(channel);
    if (channel.expiryTimer) clearTimeout(channel.expiryTimer);
    const diff = this.hub.presence.untrack(channel.room, channel);
    if (diff) this.sendPresenceDiff(channel.room, diff);
    if (notify) this.send({ joinRef: channel.joinRef, ref: channel.joinRef, topic: channel.topic, event: EVENTS.close, payload: {} });
  }

  private cleanup(): void {
    if (this.closed) return;
    this.closed = true;
    for (const channel of [...this.channels.values()]) this.closeChannel(channel, false);
    this.hub.connections.delete(this);
  }

  /** Closes the socket (server shutdown or heartbeat timeout); presence leaves follow from 'close'. */
  drop(code = 1001, reason = 'server shutting down'): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.close(code, reason);
    else this.ws.terminate();
    this.cleanup();
  }

  terminate(): void {
    this.ws.terminate();
    this.cleanup();
  }
}

/**
 * Sends a broadcast to every channel of a room allowed to receive it (the sender itself only
 * with `self`). Used by sockets and by the HTTP broadcast endpoint (no sending channel).
 */
export function deliverBroadcast(hub: Hub, room: string, topic: string, body: BroadcastBody, sender: JoinedChannel | null): number {
  let binary: Buffer | null = null;
  let json: string | null = null;
  let delivered = 0;
  for (const member of hub.topics.get(room) ?? []) {
    if (member === sender && !sender.config.self) continue;
    if (!member.permissions.readBroadcast) continue;
    if (member.conn.vsn === '2.0.0') {
      binary ??= encodeBroadcast(topic, body);
      member.conn.sendText(binary);
    } else if (body.encoding === 1) {
      json ??= JSON.stringify({
        type: 'broadcast',
        event: body.event,
        payload: JSON.parse(body.bytes.toString('utf8')) as unknown,
        ...(body.metadata ? { meta: JSON.parse(body.metadata) as unknown } : {}),
      });
      member.sendRaw(EVENTS.broadcast, json);
    } else continue;
    delivered++;
  }
  return delivered;
}
