import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { GatewayContext } from '../context';
import { Catalog } from './catalog';
import { ChangeRouter } from './changes';
import { HEARTBEAT_SWEEP_MS, HEARTBEAT_TIMEOUT_MS, MAX_FRAME_BYTES, MESSAGES_PUBLICATION, PUBLICATION, REALTIME_PATH, REPLICATION_SLOT } from './constants';
import { broadcastOfRow, MessagesJanitor } from './messages';
import { PresenceRegistry } from './presence';
import type { Vsn } from './protocol';
import { ReplicationFeed } from './replication';
import { channelPermissions } from './authorization';
import type { HttpBroadcaster } from './http';
import { Connection, deliverBroadcast, hubTopic, type Hub, type JoinedChannel } from './session';

/**
 * Supabase Realtime for the local stack, at `/realtime/v1/websocket`: Phoenix channels as
 * @supabase/realtime-js speaks them, with postgres_changes from logical replication (RLS
 * checked per subscriber), presence and broadcast.
 */

export interface RealtimeStats {
  connections: number;
  channels: number;
  postgresChangesSubscriptions: number;
  presenceTopics: number;
  changesDelivered: number;
  /** deliveries of realtime.messages rows (one per receiving channel) */
  databaseBroadcastsDelivered: number;
  replication: ReturnType<ReplicationFeed['stats']>;
}

export interface RealtimeServer extends HttpBroadcaster {
  close(): Promise<void>;
  stats(): RealtimeStats;
  /** resolves once every change read from replication so far has been delivered (tests, benchmarks) */
  drain(): Promise<void>;
}

function refuse(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export async function attachRealtime(server: http.Server, ctx: GatewayContext): Promise<RealtimeServer> {
  const catalog = new Catalog(ctx.realtimeDb);
  const router = new ChangeRouter(ctx, catalog);
  const hub: Hub = {
    ctx,
    catalog,
    router,
    presence: new PresenceRegistry<JoinedChannel>(),
    topics: new Map(),
    connections: new Set(),
  };
  const feed = new ReplicationFeed({
    dbUrl: ctx.serviceDbUrl('realtime'),
    slot: REPLICATION_SLOT,
    publications: [PUBLICATION, MESSAGES_PUBLICATION],
    onTransaction: (tx) => router.enqueue(tx),
    onMessages: (rows) => {
      for (const row of rows) {
        try {
          const message = broadcastOfRow(row);
          if (!message) continue;
          const topic = `realtime:${message.topic}`;
          databaseBroadcasts += deliverBroadcast(hub, hubTopic(topic, message.private), topic, message.body, null);
        } catch (err) {
          // one bad message never stops the stream
          console.error('[realtime] database broadcast skipped:', err instanceof Error ? err.message : err);
        }
      }
    },
    onRelation: (relid) => catalog.invalidate(relid),
    isInterested: () => router.count() > 0,
  });

  let databaseBroadcasts = 0;
  const janitor = new MessagesJanitor(ctx.realtimeDb);

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });

  const onUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => undefined);
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.replace(/\/+$/, '') !== REALTIME_PATH) {
      refuse(socket, '404 Not Found');
      return;
    }
    const header = req.headers.apikey;
    const apikey = url.searchParams.get('apikey') ?? (Array.isArray(header) ? header[0] : header) ?? '';
    const vsn: Vsn = url.searchParams.get('vsn') === '1.0.0' ? '1.0.0' : '2.0.0';
    ctx.jwt.verify(apikey).then(
      () => wss.handleUpgrade(req, socket, head, (ws) => new Connection(ws, vsn, apikey, hub)),
      () => refuse(socket, '403 Forbidden'),
    );
  };
  server.on('upgrade', onUpgrade);

  const sweep = setInterval(() => {
    const deadline = Date.now() - HEARTBEAT_TIMEOUT_MS;
    for (const conn of hub.connections) if (conn.lastSeen < deadline) conn.terminate();
  }, HEARTBEAT_SWEEP_MS);
  sweep.unref();

  await janitor.start();
  await feed.start();

  let closed = false;
  return {
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(sweep);
      janitor.stop();
      server.off('upgrade', onUpgrade);
      for (const conn of [...hub.connections]) conn.drop();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await feed.stop();
    },
    stats() {
      let channels = 0;
      for (const conn of hub.connections) channels += conn.channels.size;
      return {
        connections: hub.connections.size,
        channels,
        postgresChangesSubscriptions: router.count(),
        presenceTopics: hub.presence.topicCount(),
        changesDelivered: router.delivered,
        databaseBroadcastsDelivered: databaseBroadcasts,
        replication: feed.stats(),
      };
    },
    drain: () => router.drain(),
    async broadcast(messages, claims) {
      // every private topic is authorized first: a refused request sends nothing
      for (const m of messages) {
        if (m.private && !(await channelPermissions(ctx, claims, m.topic)).writeBroadcast) return m.topic;
      }
      for (const m of messages) {
        const topic = `realtime:${m.topic}`;
        deliverBroadcast(hub, hubTopic(topic, m.private), topic, m.body, null);
      }
      return null;
    },
  };
}
