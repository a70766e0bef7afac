import type { OutboxCollectionName } from '../collections';

/** What a pull may know about the device when it builds its query. */
export interface PullScope {
  userId: string | null;
  /** posts: the discussions whose threads the device keeps (recent, visited, participated, pinned) */
  discussionIds?: string[];
  /** the current time, passed in so tests can move it */
  now: number;
}

/** How replication moves one table: derived from the table's declaration in src/db/schemas/. */
export interface TableSyncSpec {
  collection: OutboxCollectionName;
  table: string;
  /** pull: read-only for the client; push: insert-only queue (contact form) */
  direction: 'both' | 'pull' | 'push';
  /** columns the client sends on insert; everything else is the server's */
  insertColumns: readonly string[];
  /** columns the client may change; a push sends only those that changed */
  updateColumns: readonly string[];
  /** changed columns the database settles itself when two devices differ: sent without a conflict check */
  serverMerged?: readonly string[];
  /** timestamp columns, normalised to ISO so string order is time order */
  timestampFields: readonly string[];
  /** fills values an index needs when the server sends null */
  normalize?: (doc: Record<string, unknown>) => void;
  /** visibility depends on who is signed in: keep a checkpoint per identity */
  perIdentity: boolean;
  /** nothing to pull for visitors */
  membersOnly: boolean;
  /**
   * Restricts what is pulled, as one PostgREST logic-tree condition
   * (combined with the checkpoint condition in a single `and(...)`).
   */
  filter?: (scope: PullScope) => string;
  /** the same rule applied to a single row arriving on the live stream */
  accepts?: (row: Record<string, unknown>, scope: PullScope) => boolean;
  /**
   * Rows the device keeps whatever `filter` or any bounding says: fetched by
   * id with the first pull of every (re)start, so they arrive at once instead
   * of at their place in the checkpointed order, and come back if removed.
   */
  alwaysKept?: (scope: PullScope) => string[];
  /** which local documents are sent (default: all); the others are the device's own and never leave it */
  pushes?: (doc: Record<string, unknown>, userId: string | null) => boolean;
  /** its rows are not member writes waiting to be sent (drafts): no outbox entry, nothing to ask about at sign-out */
  untracked?: boolean;
  /**
   * no screen shows its rows live (another member's activity): a community message naming it does not make
   * every open page pull it; the screen that shows it asks (`SyncHandle.pull`), besides the pulls every table
   * gets on a rejoin, a wake-up and the backstop
   */
  pulledWhenShown?: boolean;
  /** its waiting writes are the app's bookkeeping (read points), not the member's changes: left out of every count */
  bookkeeping?: boolean;
  /** when both devices changed a row, the one whose value of this timestamp is later wins (drafts: the newest edit) */
  newerWins?: string;
  /** the row can be read back after insert (contact messages cannot) */
  readable: boolean;
  /** columns to read when the table has server-only ones (search vectors) the device never needs; default all */
  readColumns?: string;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** How far back activity feeds and "recent threads" reach on a device. */
export const RECENT_WINDOW_DAYS = 14;

/**
 * The start of a window of `days` before the scope's moment, to the hour: consecutive pages of one pull then
 * ask the same question, so the page fetched ahead is used instead of being asked for again.
 */
export function sinceIso(scope: PullScope, days: number): string {
  return new Date(Math.floor((scope.now - days * DAY_MS) / HOUR_MS) * HOUR_MS).toISOString();
}
