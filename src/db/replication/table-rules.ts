import type { ReplicatedCollectionName } from '../collections';
import type { AppDatabase } from '../database';
import type { LiveStream } from './live';
import type { RemoteTable } from './remote-table';
import type { Row } from './row-mapping';
import type { SendOutcome } from './send-one';
import type { PullScope } from './table-spec';

/**
 * What one replication run offers a table's rules: the device, the server, and the engine's own moves
 * (hand rows over, pull again, wait). Rules keep their state for the run in their own closure.
 */
export interface SyncRun {
  readonly db: AppDatabase;
  readonly userId: string | null;
  now(): number;
  /** the server side of a table */
  remote(name: ReplicatedCollectionName): RemoteTable;
  /** whether this run pulls the table (only then are rows handed to it) */
  pulls(name: ReplicatedCollectionName): boolean;
  /** hands rows fetched outside the checkpointed order to the table and makes sure they land */
  deliver(name: ReplicatedCollectionName, rows: Row[]): Promise<void>;
  /** fetches by id the rows of the table the device lacks and delivers them */
  fetchMissing(name: ReplicatedCollectionName, ids: string[]): Promise<void>;
  /** pulls the table again from its checkpoint */
  reSync(name: ReplicatedCollectionName): void;
  /** resolves when the table has pulled and pushed what it can right now */
  awaitInSync(name: ReplicatedCollectionName): Promise<void>;
  /** the table's first pull of this run; undefined when the run does not replicate it */
  initialPull(name: ReplicatedCollectionName): Promise<void> | undefined;
  /** the live stream, once open (it opens when this tab leads) */
  live(): LiveStream | null;
  isStopped(): boolean;
  /** runs `cleanup` when the run stops */
  onStop(cleanup: () => void): void;
}

/**
 * What a table needs beyond the engine's defaults. Every hook is optional: a table without rules pulls every
 * row its declaration's filter lets through, pushes each write with send-one and lets the server's state win.
 */
export interface TableRules {
  /** the scope the next pull page is asked with (default: who is signed in, now) */
  pullScope?(): Promise<PullScope>;
  /** the scope a row arriving on the live stream is judged by with the declaration's `accepts` */
  liveScope?(): PullScope;
  /** rows outside the checkpointed order the device turns out to lack, asked for once a pull has caught up */
  backfill?(scope: PullScope, pageRows: Row[]): Promise<Row[]>;
  /**
   * After the server refused a pull with a 4xx: finds the part of the scope it refuses and leaves it out of
   * later scopes. True when it dropped something (the pull is asked again at once).
   */
  isolateRefused?(scope: PullScope): Promise<boolean>;
  /** rows of any table of the run that arrived on the live stream, after they were handed over */
  onLiveRows?(name: ReplicatedCollectionName, rows: Row[]): void;
  /** called once every table of the run has started */
  started?(): void;
  /** what the store also waits for before it counts as ready */
  ready?(): Promise<void>;
  /** fetches what `key` names now and keeps it syncing; resolves with the number of rows fetched */
  ensure?(key: string): Promise<number>;
  /** after a pushed write's outcome was recorded (sent, conflict, rejected); `doc` is the write as the member left it */
  afterPush?(outcome: SendOutcome, doc: Row): Promise<void>;
}

/** A table's rules for one run; called once per run, before its replication starts. */
export type TableRulesFactory = (run: SyncRun) => TableRules;
