/** Limits, names and messages of the local realtime server; tests import them from here. */

export const REALTIME_PATH = '/realtime/v1/websocket';

/** Owned by the stack: created on start when missing, reused across restarts. */
export const REPLICATION_SLOT = 'supabase_realtime_local';
export const PUBLICATION = 'supabase_realtime';
/** Broadcast from the database: rows of realtime.messages, streamed on the same slot. */
export const MESSAGES_PUBLICATION = 'supabase_realtime_messages_publication';

/** realtime.messages partitions kept ready, as Supabase's janitor does: yesterday to this many days ahead. */
export const MESSAGES_PARTITION_DAYS_AHEAD = 3;
/** Partitions whose day ended more than this long ago are dropped (Supabase keeps 72 hours). */
export const MESSAGES_RETENTION_HOURS = 72;
export const MESSAGES_JANITOR_INTERVAL_MS = 60 * 60_000;

/** Phoenix closes a socket that sent nothing (not even a heartbeat) for this long. */
export const HEARTBEAT_TIMEOUT_MS = 60_000;
export const HEARTBEAT_SWEEP_MS = 5_000;

/** Replication reconnect back-off after the database goes away. */
export const REPLICATION_RETRY_MIN_MS = 500;
export const REPLICATION_RETRY_MAX_MS = 15_000;

/** Standby status (flushed WAL position) is reported at least this often. */
export const REPLICATION_STATUS_INTERVAL_MS = 2_000;

/** A transaction whose fan-out lookups fail is tried this many times, FANOUT_RETRY_MS × attempt apart. */
export const FANOUT_ATTEMPTS = 5;
export const FANOUT_RETRY_MS = 200;
/** At most this many waiting transactions are checked and delivered together (bounds one RLS query's size). */
export const FANOUT_BATCH_TRANSACTIONS = 200;

/** Table facts (primary key, RLS, grants) are re-read at least this often. */
export const TABLE_INFO_TTL_MS = 10_000;

/** Frames larger than this are refused (ws closes the socket with 1009). */
export const MAX_FRAME_BYTES = 1024 * 1024;

/** Messages one REST broadcast request may carry. */
export const MAX_HTTP_BROADCAST_MESSAGES = 100;

export const PHOENIX_TOPIC = 'phoenix';

export const EVENTS = {
  join: 'phx_join',
  leave: 'phx_leave',
  reply: 'phx_reply',
  close: 'phx_close',
  error: 'phx_error',
  heartbeat: 'heartbeat',
  accessToken: 'access_token',
  broadcast: 'broadcast',
  presence: 'presence',
  presenceState: 'presence_state',
  presenceDiff: 'presence_diff',
  postgresChanges: 'postgres_changes',
  system: 'system',
} as const;

/** Reasons in `{ status: 'error', response: { reason } }` replies. */
export const REASONS = {
  malformedFrame: (detail: string) => `malformed frame: ${detail}`,
  unmatchedTopic: 'unmatched topic',
  unknownEvent: (event: string) => `unknown event "${event}"`,
  invalidToken: (detail: string) => `InvalidJWTToken: ${detail}`,
  invalidPayload: (detail: string) => `invalid payload: ${detail}`,
  invalidFilter: (detail: string) => `Error parsing \`filter\` params: ${detail}`,
  unknownTable: (schema: string, table: string) => `Unable to subscribe to changes: table "${schema}"."${table}" does not exist`,
  unknownColumn: (column: string) => `Unable to subscribe to changes: invalid column for filter ${column}`,
  tokenExpired: 'Token has expired',
  unauthorizedRead: (topic: string) => `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
  unauthorizedWrite: (topic: string) => `Unauthorized: You do not have permissions to write to this Channel topic: ${topic}`,
  presenceNotYours: "presence may name only the member of this channel's token (local stack only; hosted Supabase relays it)",
  internal: 'internal error; see the stack log',
} as const;
