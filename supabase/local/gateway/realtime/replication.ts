import pg from 'pg';
import { LogicalReplicationService, PgoutputPlugin, type Pgoutput } from 'pg-logical-replication';
import { REPLICATION_RETRY_MAX_MS, REPLICATION_RETRY_MIN_MS, REPLICATION_STATUS_INTERVAL_MS as STATUS_INTERVAL_MS } from './constants';

/**
 * Logical replication of the `supabase_realtime` publication through a pgoutput slot owned by
 * the stack. Transactions are handed on at commit. Every message is acknowledged as soon as it
 * is read, and the WAL position of keepalives too, so the slot never holds WAL back, whether or
 * not anyone subscribes. A lost connection (database restart) is retried with back-off.
 */

const parseLsn = (lsn: string): bigint => {
  const [hi = '0', lo = '0'] = lsn.split('/');
  return (BigInt(`0x${hi}`) << 32n) | BigInt(`0x${lo}`);
};
const formatLsn = (v: bigint): string => `${(v >> 32n).toString(16).toUpperCase()}/${(v & 0xffffffffn).toString(16).toUpperCase()}`;

export type Tuple = Record<string, string | null | undefined>;

export interface RowChange {
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  relation: Pgoutput.MessageRelation;
  /** column values in PostgreSQL text form */
  new: Tuple | null;
  /** full old row (REPLICA IDENTITY FULL) */
  old: Tuple | null;
  /** old key columns (REPLICA IDENTITY DEFAULT / INDEX, when the key changed or on DELETE) */
  key: Tuple | null;
}

export interface CommittedTransaction {
  /** as walrus formats it: UTC, milliseconds, `Z` */
  commitTimestamp: string;
  changes: RowChange[];
}

/** realtime.messages is partitioned by day: its rows arrive under the partitions' names. */
const isMessagesRelation = (relation: Pgoutput.MessageRelation): boolean => relation.schema === 'realtime' && relation.name.startsWith('messages');

export interface ReplicationOptions {
  dbUrl: string;
  slot: string;
  /** publications streamed, those that exist (a database bootstrapped before one was added lacks it) */
  publications: readonly string[];
  onTransaction(tx: CommittedTransaction): void;
  /** rows inserted into `realtime.messages` (any of its partitions) by a committed transaction, in order */
  onMessages(rows: Tuple[]): void;
  onRelation(relid: number): void;
  /** when false, row changes are skipped without being buffered */
  isInterested(): boolean;
}

/** pgoutput with column values left as text: we convert them the way walrus does, not the way pg-types does. */
class TextPgoutputPlugin extends PgoutputPlugin {
  override parse(buffer: Buffer): Pgoutput.Message {
    const msg = super.parse(buffer);
    if (msg.tag === 'relation') for (const column of msg.columns) column.parser = (raw: unknown) => raw;
    return msg;
  }
}

interface SlotRow {
  active_pid: number | null;
  wal_status: string | null;
}

export class ReplicationFeed {
  private service: LogicalReplicationService | null = null;
  private tx: CommittedTransaction | null = null;
  private messages: Tuple[] = [];
  private publicationNames: string[] = [];
  private stopped = false;
  private connected = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private lastError: string | null = null;
  private transactions = 0;
  private lastLsn = '0/0';
  /** highest position reported to the server as flushed */
  private confirmed = 0n;
  /** end of WAL from the latest keepalive: everything before it has been read */
  private walEnd = 0n;
  private statusTimer: NodeJS.Timeout | null = null;

  constructor(private readonly opts: ReplicationOptions) {}

  /** First connection; if the database is not there yet, retries continue in the background. */
  async start(): Promise<void> {
    await this.connect().catch((err: unknown) => this.fail(err));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const service = this.service;
    this.service = null;
    this.connected = false;
    this.stopStatusTimer();
    if (service) {
      // the last position read is confirmed so a restart does not replay it
      await this.confirm(service, this.walEnd).catch(() => undefined);
      await service.destroy().catch(() => undefined);
    }
  }

  stats() {
    return {
      slot: this.opts.slot,
      connected: this.connected,
      transactions: this.transactions,
      lastLsn: this.lastLsn,
      lastError: this.lastError,
    };
  }

  /** Creates the slot when missing; returns the current end of WAL and the publications to stream. */
  private async ensureSlot(): Promise<bigint> {
    const client = new pg.Client({ connectionString: this.opts.dbUrl, connectionTimeoutMillis: 5_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const { rows } = await client.query<SlotRow>('select active_pid, wal_status from pg_replication_slots where slot_name = $1', [this.opts.slot]);
      const slot = rows[0];
      if (slot?.wal_status === 'lost') {
        // max_slot_wal_keep_size removed WAL it needed: start over from now
        if (slot.active_pid) await client.query('select pg_terminate_backend($1)', [slot.active_pid]);
        await client.query('select pg_drop_replication_slot($1)', [this.opts.slot]);
      }
      if (!slot || slot.wal_status === 'lost') {
        await client.query(`select pg_create_logical_replication_slot($1, 'pgoutput')`, [this.opts.slot]);
      }
      const { rows: pubs } = await client.query<{ pubname: string }>('select pubname from pg_publication where pubname = any($1::text[])', [
        [...this.opts.publications],
      ]);
      this.publicationNames = pubs.map((p) => p.pubname);
      const { rows: wal } = await client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      return parseLsn(wal[0]!.lsn);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const currentWal = await this.ensureSlot();
    if (this.stopped) return;
    // Where streaming starts (the server skips transactions committed before it). On a reconnect:
    // just after what was already delivered, so a database restart replays nothing twice (before
    // PostgreSQL 17 the slot's confirmed position is not saved at shutdown). On the first start:
    // now, since changes made while nobody could listen are replication's to catch up, not ours.
    if (this.confirmed === 0n) this.confirmed = currentWal;
    const startAt = formatLsn(this.confirmed);
    const service = new LogicalReplicationService(
      // Text output as to_jsonb would see it in a Supabase database: UTC, ISO dates.
      { connectionString: this.opts.dbUrl, options: '-c TimeZone=UTC -c DateStyle=ISO,YMD' },
      // Acknowledged here, not by the library: it reports a keepalive's position + 1, and a
      // walsender shutting down waits for the exact position, so a database restart would hang.
      { acknowledge: { auto: false, timeoutSeconds: 0 } },
    );
    this.service = service;
    this.walEnd = this.confirmed;
    service.on('data', (lsn: string, msg: Pgoutput.Message) => {
      this.lastLsn = lsn;
      this.onMessage(msg);
      // Exactly `lsn`: for a commit it is the transaction's end, which a walsender shutting down
      // compares for equality with what it sent.
      void this.confirm(service, parseLsn(lsn)).catch(() => undefined);
    });
    service.on('heartbeat', (lsn: string, _timestamp: number, shouldRespond: boolean) => {
      this.lastLsn = lsn;
      const end = parseLsn(lsn);
      if (end > this.walEnd) this.walEnd = end;
      if (shouldRespond) void this.confirm(service, this.walEnd, true).catch(() => undefined);
    });
    this.startStatusTimer(service);
    service.on('error', (err: Error) => this.fail(err, service));
    const plugin = new TextPgoutputPlugin({ protoVersion: 1, publicationNames: this.publicationNames });
    await new Promise<void>((resolve, reject) => {
      service.once('start', () => resolve());
      service.subscribe(plugin, this.opts.slot, startAt).then(
        () => {
          reject(new Error('replication stream ended'));
          this.fail(new Error('replication stream ended'), service);
        },
        (err: unknown) => {
          reject(err instanceof Error ? err : new Error(String(err)));
          this.fail(err, service);
        },
      );
    });
    this.connected = true;
    this.attempt = 0;
    this.lastError = null;
  }

  /** Reports `position` (exact) as written and flushed; never moves backwards. */
  private async confirm(service: LogicalReplicationService, position: bigint, force = false): Promise<void> {
    if (position <= 0n || (!force && position <= this.confirmed)) return;
    if (position > this.confirmed) this.confirmed = position;
    // acknowledge() adds one to the position it is given
    await service.acknowledge(formatLsn(this.confirmed - 1n));
  }

  /** Standby status every few seconds: keeps the slot moving while only unpublished tables change. */
  private startStatusTimer(service: LogicalReplicationService): void {
    this.stopStatusTimer();
    this.statusTimer = setInterval(() => {
      if (service === this.service) void this.confirm(service, this.walEnd, true).catch(() => undefined);
    }, STATUS_INTERVAL_MS);
    this.statusTimer.unref();
  }

  private stopStatusTimer(): void {
    if (this.statusTimer) clearInterval(this.statusTimer);
    this.statusTimer = null;
  }

  private fail(err: unknown, service?: LogicalReplicationService): void {
    if (this.stopped) return;
    // a late error from a connection already replaced
    if (service && service !== this.service) return;
    const message = err instanceof Error ? err.message : String(err);
    if (message !== this.lastError) console.error(`[realtime] replication: ${message}; reconnecting`);
    this.lastError = message;
    this.connected = false;
    this.tx = null;
    this.messages = [];
    this.stopStatusTimer();
    const old = this.service;
    this.service = null;
    if (old) void old.destroy().catch(() => undefined);
    if (this.retryTimer) return;
    const delay = Math.min(REPLICATION_RETRY_MAX_MS, REPLICATION_RETRY_MIN_MS * 2 ** this.attempt++);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().catch((e: unknown) => this.fail(e));
    }, delay);
    this.retryTimer.unref();
  }

  private onMessage(msg: Pgoutput.Message): void {
    switch (msg.tag) {
      case 'begin':
        this.tx = { commitTimestamp: new Date(Number(BigInt(msg.commitTime.toString()) / 1000n)).toISOString(), changes: [] };
        this.messages = [];
        return;
      case 'relation':
        this.opts.onRelation(msg.relationOid);
        return;
      case 'insert':
        if (isMessagesRelation(msg.relation)) {
          if (this.tx) this.messages.push(msg.new);
          return;
        }
        if (this.tx && this.opts.isInterested()) this.tx.changes.push({ type: 'INSERT', relation: msg.relation, new: msg.new, old: null, key: null });
        return;
      case 'update':
        if (isMessagesRelation(msg.relation)) return;
        if (this.tx && this.opts.isInterested()) this.tx.changes.push({ type: 'UPDATE', relation: msg.relation, new: msg.new, old: msg.old, key: msg.key });
        return;
      case 'delete':
        if (isMessagesRelation(msg.relation)) return;
        if (this.tx && this.opts.isInterested()) this.tx.changes.push({ type: 'DELETE', relation: msg.relation, new: null, old: msg.old, key: msg.key });
        return;
      case 'commit': {
        const tx = this.tx;
        const messages = this.messages;
        this.tx = null;
        this.messages = [];
        this.transactions++;
        if (tx && tx.changes.length > 0) this.opts.onTransaction(tx);
        if (messages.length > 0) this.opts.onMessages(messages);
        return;
      }
      default:
        return;
    }
  }
}
