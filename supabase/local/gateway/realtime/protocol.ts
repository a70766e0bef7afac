/**
 * Phoenix socket frames as @supabase/realtime-js (lib/serializer.ts) writes and reads them:
 * vsn 2.0.0 text frames are `[join_ref, ref, topic, event, payload]`, vsn 1.0.0 frames are objects,
 * and user broadcasts travel as binary frames (kind 3 from the client, kind 4 to the client).
 */

export type Vsn = '1.0.0' | '2.0.0';

export type JsonObject = { [key: string]: unknown };

export interface InboundMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: JsonObject;
  /** set for binary broadcast pushes: the user payload bytes as sent, to forward without re-encoding */
  broadcast?: BroadcastBody;
}

export interface BroadcastBody {
  event: string;
  /** 1 = JSON text, 0 = raw bytes */
  encoding: 0 | 1;
  bytes: Buffer;
  metadata?: string;
}

export class FrameError extends Error {
  constructor(
    message: string,
    /** what we could read of the frame, so the reply can name the push */
    readonly partial: { topic?: string; ref?: string | null; joinRef?: string | null } = {},
  ) {
    super(message);
    this.name = 'FrameError';
  }
}

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const ENCODING_BINARY = 0;
const ENCODING_JSON = 1;

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const refOf = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

export function decodeText(text: string, vsn: Vsn): InboundMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new FrameError('frame is not JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new FrameError('frame is not a 5-element array');
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    const partial = { topic: typeof topic === 'string' ? topic : undefined, ref: refOf(ref), joinRef: refOf(joinRef) };
    if (typeof topic !== 'string' || typeof event !== 'string') throw new FrameError('topic and event must be strings', partial);
    if (!isObject(payload)) throw new FrameError('payload must be an object', partial);
    return { joinRef: refOf(joinRef), ref: refOf(ref), topic, event, payload };
  }
  if (!isObject(parsed)) throw new FrameError('frame is not an object');
  const { join_ref: joinRef, ref, topic, event, payload } = parsed;
  const partial = { topic: typeof topic === 'string' ? topic : undefined, ref: refOf(ref), joinRef: refOf(joinRef) };
  if (typeof topic !== 'string' || typeof event !== 'string') throw new FrameError('topic and event must be strings', partial);
  if (!isObject(payload)) throw new FrameError('payload must be an object', partial);
  return { joinRef: refOf(joinRef), ref: refOf(ref), topic, event, payload };
}

/** Binary frame of kind 3 ("user broadcast push"), see Serializer._encodeUserBroadcastPush. */
export function decodeBinary(buf: Buffer): InboundMessage {
  if (buf.length < 7) throw new FrameError('binary frame too short');
  const kind = buf[0];
  if (kind !== KIND_USER_BROADCAST_PUSH) throw new FrameError(`unsupported binary frame kind ${kind}`);
  const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = [buf[1]!, buf[2]!, buf[3]!, buf[4]!, buf[5]!, buf[6]!];
  let offset = 7;
  const take = (n: number): string => {
    if (offset + n > buf.length) throw new FrameError('binary frame truncated');
    const s = buf.toString('utf8', offset, offset + n);
    offset += n;
    return s;
  };
  const joinRef = take(joinRefLen) || null;
  const ref = take(refLen) || null;
  const topic = take(topicLen);
  const event = take(eventLen);
  const metadata = metaLen > 0 ? take(metaLen) : undefined;
  if (encoding !== ENCODING_JSON && encoding !== ENCODING_BINARY) throw new FrameError('unknown payload encoding', { topic, ref, joinRef });
  const bytes = buf.subarray(offset);
  let userPayload: unknown = bytes;
  if (encoding === ENCODING_JSON) {
    try {
      userPayload = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw new FrameError('broadcast payload is not JSON', { topic, ref, joinRef });
    }
  }
  let meta: JsonObject = {};
  if (metadata) {
    try {
      const m: unknown = JSON.parse(metadata);
      if (isObject(m)) meta = m;
    } catch {
      throw new FrameError('broadcast metadata is not JSON', { topic, ref, joinRef });
    }
  }
  return {
    joinRef,
    ref,
    topic,
    event: 'broadcast',
    payload: { ...meta, type: 'broadcast', event, payload: userPayload },
    broadcast: { event, encoding: encoding === ENCODING_JSON ? 1 : 0, bytes, metadata },
  };
}

export interface OutboundMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

export function encodeText(msg: OutboundMessage, vsn: Vsn): string {
  if (vsn === '2.0.0') return JSON.stringify([msg.joinRef, msg.ref, msg.topic, msg.event, msg.payload]);
  return JSON.stringify({ join_ref: msg.joinRef, ref: msg.ref, topic: msg.topic, event: msg.event, payload: msg.payload });
}

/**
 * Same as encodeText for a payload that is already JSON: fan-out serialises a change once
 * and only splices in each channel's topic and ids.
 */
export function encodeTextWithRawPayload(topic: string, event: string, rawPayload: string, vsn: Vsn): string {
  if (vsn === '2.0.0') return `[null,null,${JSON.stringify(topic)},${JSON.stringify(event)},${rawPayload}]`;
  return `{"join_ref":null,"ref":null,"topic":${JSON.stringify(topic)},"event":${JSON.stringify(event)},"payload":${rawPayload}}`;
}

/** Binary frame of kind 4 ("user broadcast"), see Serializer._decodeUserBroadcast. */
export function encodeBroadcast(topic: string, body: BroadcastBody): Buffer {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(body.event, 'utf8');
  const metaBytes = Buffer.from(body.metadata ?? '', 'utf8');
  if (topicBytes.length > 255 || eventBytes.length > 255 || metaBytes.length > 255) {
    throw new FrameError('topic, event or metadata longer than 255 bytes');
  }
  const header = Buffer.from([KIND_USER_BROADCAST, topicBytes.length, eventBytes.length, metaBytes.length, body.encoding]);
  return Buffer.concat([header, topicBytes, eventBytes, metaBytes, body.bytes]);
}

/** The broadcast a JSON frame carried, in the shape a binary push would have had. */
export function broadcastBodyFromJson(payload: JsonObject): BroadcastBody | null {
  if (typeof payload.event !== 'string') return null;
  const user = payload.payload;
  if (Buffer.isBuffer(user)) return { event: payload.event, encoding: 0, bytes: user };
  return { event: payload.event, encoding: 1, bytes: Buffer.from(JSON.stringify(user ?? {}), 'utf8') };
}
