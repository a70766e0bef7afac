/**
 * A stand-in push service (what FCM or Mozilla autopush are to a browser): it accepts Web Push
 * requests over HTTP on loopback, decrypts each body with the test subscription's private keys
 * (aes128gcm, RFC 8188 + RFC 8291, written here with node:crypto so it checks web-push's encryption
 * rather than reusing it) and verifies the VAPID header (RFC 8292).
 */
import { createECDH, createDecipheriv, hkdfSync, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';
import pg from 'pg';

export interface TestSubscription {
  id: string;
  endpoint: string;
  /** the browser-side keys, as PushSubscription.toJSON() gives them */
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriptionId: string;
  /** performance.timeOrigin + performance.now() when the request arrived */
  receivedAt: number;
  headers: IncomingHttpHeaders;
  ttl: number | null;
  urgency: string | undefined;
  topic: string | undefined;
  contentEncoding: string | undefined;
  vapid: { publicKey: string; claims: JWTPayload } | { error: string };
  /** decrypted body, or the reason it could not be */
  payload: unknown;
  decryptError?: string;
  /** what the stand-in answered */
  status: number;
}

/** How the stand-in answers pushes for one subscription: a fixed status, or a sequence then 201. */
export type PushAnswer = number | number[];

interface Registered {
  sub: TestSubscription;
  ecdh: ECDH;
  authSecret: Buffer;
  answers: number[];
  fixed: number;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

function decryptAes128gcm(body: Buffer, ecdh: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');

  const receiverPublic = ecdh.getPublicKey();
  const shared = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // Last record: data, then the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('missing last-record delimiter');
  return padded.subarray(0, end);
}

async function verifyVapid(authorization: string | undefined, endpoint: string): Promise<ReceivedPush['vapid']> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) return { error: `not a VAPID authorization header: ${authorization ?? '(none)'}` };
  const [, token, publicKey] = match as unknown as [string, string, string];
  const raw = Buffer.from(publicKey, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return { error: 'k is not an uncompressed P-256 key' };
  try {
    const key = await importJWK({ kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) }, 'ES256');
    const { payload } = await jwtVerify(token, key, { audience: new URL(endpoint).origin, algorithms: ['ES256'] });
    return { publicKey, claims: payload };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

export class PushServiceStandIn {
  readonly received: ReceivedPush[] = [];
  private readonly subs = new Map<string, Registered>();
  private readonly waiters = new Set<() => void>();
  private server: Server | undefined;
  private baseUrl = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void this.handle(req.url ?? '', req.method ?? '', req.headers, Buffer.concat(chunks)).then((status) => {
          res.writeHead(status).end();
        });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The origin its endpoints start with. */
  get origin(): string {
    return this.baseUrl;
  }

  /**
   * The database accepts loopback push endpoints only from origins its owner registered, which
   * only a local stack running tests does; call this before storing a subscription of this stand-in.
   */
  async allowIn(dbUrl: string): Promise<void> {
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      await db.query('insert into private.push_test_endpoints (origin) values ($1) on conflict do nothing', [this.baseUrl]);
    } finally {
      await db.end();
    }
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // close() waits for idle keep-alive sockets, and the functions' Deno runtime keeps its connections to this
    // service open far longer than the test does.
    server.closeAllConnections();
    await closed;
  }

  /** A subscription as a browser would create one for this service; `answer` sets how pushes to it are answered. */
  subscribe(answer: PushAnswer = 201): TestSubscription {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const authSecret = randomBytes(16);
    const id = randomUUID();
    const sub: TestSubscription = {
      id,
      endpoint: `${this.baseUrl}/push/${id}`,
      keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(authSecret) },
    };
    this.subs.set(id, {
      sub,
      ecdh,
      authSecret,
      answers: Array.isArray(answer) ? [...answer] : [],
      fixed: Array.isArray(answer) ? 201 : answer,
    });
    return sub;
  }

  /** Pushes that reached one subscription (every attempt, retries included). */
  pushesFor(sub: TestSubscription): ReceivedPush[] {
    return this.received.filter((p) => p.subscriptionId === sub.id);
  }

  /** Resolves once `predicate` holds over what was received, or rejects after `timeoutMs`. */
  async waitFor(predicate: (received: ReceivedPush[]) => boolean, timeoutMs = 10_000): Promise<void> {
    if (predicate(this.received)) return;
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!predicate(this.received)) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`push stand-in: condition not met within ${timeoutMs} ms (received ${this.received.length})`));
      }, timeoutMs);
      this.waiters.add(check);
    });
  }

  private async handle(url: string, method: string, headers: IncomingHttpHeaders, body: Buffer): Promise<number> {
    const receivedAt = performance.timeOrigin + performance.now();
    const id = /^\/push\/([0-9a-f-]+)$/.exec(url)?.[1];
    const reg = id ? this.subs.get(id) : undefined;
    if (!reg || method !== 'POST') return 404;

    const status = reg.answers.length > 0 ? reg.answers.shift()! : reg.fixed;
    let payload: unknown;
    let decryptError: string | undefined;
    try {
      const plain = decryptAes128gcm(body, reg.ecdh, reg.authSecret).toString('utf8');
      try {
        payload = JSON.parse(plain);
      } catch {
        payload = plain;
      }
    } catch (err) {
      decryptError = (err as Error).message;
    }
    const ttlHeader = headers.ttl;
    this.received.push({
      subscriptionId: reg.sub.id,
      receivedAt,
      headers,
      ttl: typeof ttlHeader === 'string' && /^\d+$/.test(ttlHeader) ? Number(ttlHeader) : null,
      urgency: headers.urgency as string | undefined,
      topic: headers.topic as string | undefined,
      contentEncoding: headers['content-encoding'],
      vapid: await verifyVapid(headers.authorization, reg.sub.endpoint),
      payload,
      decryptError,
      status,
    });
    for (const waiter of [...this.waiters]) waiter();
    return status;
  }
}

export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  return new PushServiceStandIn().start();
}
