import type pg from 'pg';
import { MESSAGES_JANITOR_INTERVAL_MS, MESSAGES_PARTITION_DAYS_AHEAD, MESSAGES_RETENTION_HOURS } from './constants';
import type { BroadcastBody } from './protocol';
import type { Tuple } from './replication';

/**
 * Broadcast from the database: a committed `realtime.messages` row (written by `realtime.send`,
 * `realtime.broadcast_changes` or a plain insert) becomes a broadcast on its topic, as Supabase
 * Realtime's replication handler makes it: the row's event and payload, `meta.id` the row's id,
 * into the private room when `private` is true. Subscribers were authorized when they joined;
 * nothing is asked of the database per message.
 */

export interface DatabaseBroadcast {
  /** the topic as `realtime.send` names it (no `realtime:` prefix) */
  topic: string;
  private: boolean;
  body: BroadcastBody;
}

const bytesOfBytea = (text: string): Buffer | null => (text.startsWith('\\x') ? Buffer.from(text.slice(2), 'hex') : null);

/** The broadcast a row stands for, or null when it lacks what a broadcast needs (it is skipped, never fatal). */
export function broadcastOfRow(row: Tuple): DatabaseBroadcast | null {
  const { topic, event, id, payload } = row;
  if (!topic || !event || !id || row.extension !== 'broadcast') return null;
  const metadata = JSON.stringify({ id });
  let body: BroadcastBody;
  if (typeof payload === 'string') {
    body = { event, encoding: 1, bytes: Buffer.from(payload, 'utf8'), metadata };
  } else if (typeof row.binary_payload === 'string') {
    const bytes = bytesOfBytea(row.binary_payload);
    if (!bytes) return null;
    body = { event, encoding: 0, bytes, metadata };
  } else return null;
  // topic, event and metadata travel in one-byte length fields
  if (Buffer.byteLength(`realtime:${topic}`) > 255 || Buffer.byteLength(event) > 255) return null;
  return { topic, private: row.private === 't', body };
}

const partitionName = (day: Date): string => `messages_${day.toISOString().slice(0, 10).replace(/-/g, '_')}`;
const DAY_MS = 86_400_000;

/**
 * Keeps realtime.messages' daily partitions: the coming days exist before a message needs them,
 * and those past the retention are dropped. Runs as the realtime service, which owns the table.
 */
export class MessagesJanitor {
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: pg.Pool) {}

  async start(): Promise<void> {
    await this.run();
    this.timer = setInterval(() => void this.run(), MESSAGES_JANITOR_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async run(now = new Date()): Promise<void> {
    try {
      const { rows } = await this.db.query<{ partitioned: boolean }>(
        `select c.relkind = 'p' as partitioned from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'realtime' and c.relname = 'messages'`,
      );
      // a database bootstrapped before the table was partitioned keeps its plain table
      if (!rows[0]?.partitioned) return;
      const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      for (let d = -1; d <= MESSAGES_PARTITION_DAYS_AHEAD; d++) {
        const from = new Date(today + d * DAY_MS);
        const to = new Date(today + (d + 1) * DAY_MS);
        await this.db.query(
          `create table if not exists realtime.${partitionName(from)} partition of realtime.messages
           for values from ('${from.toISOString().slice(0, 10)}') to ('${to.toISOString().slice(0, 10)}')`,
        );
      }
      const oldestKept = partitionName(new Date(now.getTime() - MESSAGES_RETENTION_HOURS * 3_600_000));
      const { rows: old } = await this.db.query<{ name: string }>(
        `select child.relname as name from pg_inherits
           join pg_class parent on parent.oid = pg_inherits.inhparent
           join pg_class child on child.oid = pg_inherits.inhrelid
           join pg_namespace n on n.oid = child.relnamespace
         where n.nspname = 'realtime' and parent.relname = 'messages' and child.relname ~ '^messages_\\d{4}_\\d{2}_\\d{2}$' and child.relname < $1`,
        [oldestKept],
      );
      for (const { name } of old) await this.db.query(`drop table if exists realtime.${name}`);
    } catch (err) {
      console.error('[realtime] messages partitions:', err instanceof Error ? err.message : err);
    }
  }
}
