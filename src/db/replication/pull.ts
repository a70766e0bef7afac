import type { RxCollection, RxJsonSchema, WithDeleted } from 'rxdb';
import type { Checkpoint, RemoteTable } from './remote-table';
import { rowToDoc, type Row } from './row-mapping';
import type { PullScope, TableSyncSpec } from './tables';
import { remoteFailure } from './remote-failure';

/**
 * How far before the checkpoint a pull looks again for rows that committed
 * late. `_modified` is taken when a row is written, not when its transaction
 * commits, so a slow transaction can commit a row older than one already
 * pulled. PostgREST requests are capped by the roles' statement timeouts
 * (8 s on Supabase), so 10 s covers every API write.
 */
export const OVERLAP_WINDOW_MS = 10_000;
/** PostgREST's max_rows in supabase/config.toml: no page is ever longer. */
export const MAX_PAGE = 1000;
/**
 * A sliced pull's page: one row short of MAX_PAGE, so the page asked for beyond the next fits its row of
 * overlap in one request.
 */
export const SLICED_PAGE = MAX_PAGE - 1;
const IDS_PER_REQUEST = 100;

export interface PullHandlerOptions<T> {
  spec: TableSyncSpec;
  remote: RemoteTable;
  collection: RxCollection<T>;
  scope: () => Promise<PullScope>;
  overlapMs?: number;
  /**
   * Rows outside the checkpointed order that the device turns out to lack,
   * asked for once a pull has caught up (posts: threads that joined the kept
   * set after the checkpoint had passed their posts). `pageRows` are the rows
   * about to be handed over with it, not stored yet.
   */
  backfill?: (scope: PullScope, pageRows: Row[]) => Promise<Row[]>;
  /**
   * Called when the server refuses a pull with a 4xx: finds the part of the
   * scope it refuses and takes it out of later scopes. Resolves true when it
   * dropped something (the pull is then tried again at once), false when the
   * refusal is not about the scope.
   */
  isolateRefused?: (scope: PullScope) => Promise<boolean>;
  /**
   * Rows handed to RxDB per call. A server page (up to MAX_PAGE rows) is
   * handed over in slices of this size, each with the checkpoint of its last
   * row, so storing one slice is a short task and a page closed half way
   * keeps the slices already stored. RxDB's pull batchSize must be the same.
   */
  sliceSize?: number;
  /**
   * Rows fetched outside the checkpointed order while this pull runs (a thread opened now), handed over with
   * the next slice: RxDB holds its stream until the running pull ends. Taken, so each goes once.
   */
  carried?: () => WithDeleted<T>[];
  /** Called as a slice is handed to RxDB. */
  onSliceHanded?: () => void;
  /** Waits until the slice handed before (`handed` rows) is stored, so RxDB does not merge slices back into one write. */
  beforeNextSlice?: (handed: number) => Promise<void>;
  /**
   * The database's clock (ISO time), read before this handler's first page; null when it could not be read.
   * It narrows the late-commit check of a pull that caught up (see lateCommits).
   */
  serverTime?: () => Promise<string | null>;
}

/** A refusal about the request itself: bad filter values. 401 (expired session), 408 and 429 pass with time. */
export function isRequestRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
}

export type PullHandler<T> = (
  checkpoint: Checkpoint | undefined,
  batchSize: number,
) => Promise<{ documents: WithDeleted<T>[]; checkpoint: Checkpoint | undefined }>;

export function checkpointOf(row: Row): Checkpoint {
  return { modified: String(row._modified), id: String(row.id) };
}

type Slice<T> = { documents: WithDeleted<T>[]; checkpoint: Checkpoint | undefined };

/**
 * What was asked for after the last full page (`after`), while its slices are stored; used when the scope is
 * still the same. `next` is the page after it; `beyond` the one after that, asked for at the same time from
 * the same position, by offset, with one row of overlap: it is the page wanted only when that row is
 * `next`'s last (a row written or deleted meanwhile shifts it, and the page is then asked for by checkpoint).
 */
type Ahead = { after: Checkpoint; conditions: string; next: ReturnType<RemoteTable['selectPage']>; beyond: ReturnType<RemoteTable['selectPage']> };

/** One table's checkpointed pull for one replication start (see createPullHandler). */
class CheckpointedPull<T> {
  private readonly overlapMs: number;
  private readonly schema: RxJsonSchema<T>;
  /** `_modified` of each row this pull handed over, by id */
  private readonly delivered = new Map<string, string>();
  private keptFetched = false;
  /**
   * When this pull began: the checkpoint of its first call and the database's time read before its first
   * page. Set on the first call.
   */
  private began: { from: Checkpoint | undefined; serverTime: string | null } | null = null;
  /** The rest of the last server page, not handed to RxDB yet: `forward` rows in checkpointed order, then rows outside it. */
  private pending: { from: Checkpoint | undefined; documents: WithDeleted<T>[]; forward: number; checkpoint: Checkpoint | undefined } | null = null;
  private prefetched: Ahead | null = null;
  /** Rows of the slice handed over last: the next call waits until they are stored (see beforeNextSlice). */
  private handedBefore = 0;

  constructor(private readonly options: PullHandlerOptions<T>) {
    this.overlapMs = options.overlapMs ?? OVERLAP_WINDOW_MS;
    this.schema = options.collection.schema.jsonSchema as RxJsonSchema<T>;
  }

  private get remote(): RemoteTable {
    return this.options.remote;
  }

  /** The table's always-kept rows not in `rows` yet; once per handler, i.e. per replication start. */
  private async alwaysKept(scope: PullScope, rows: Row[]): Promise<Row[]> {
    if (this.keptFetched) return [];
    const inPage = new Set(rows.map((row) => String(row.id)));
    const ids = (this.options.spec.alwaysKept?.(scope) ?? []).filter((id) => !inPage.has(id));
    if (ids.length === 0) {
      this.keptFetched = true;
      return [];
    }
    const result = await this.remote.selectByIds(ids);
    if (result.error || !result.data) throw remoteFailure(this.remote.name, result);
    this.keptFetched = true;
    return result.data;
  }

  /**
   * Where the late-commit check starts, or null when nothing in the overlap window can have committed late. A
   * row whose `_modified` is more than the window older than the moment this handler began committed before
   * any of its pages was read, so each of them saw it: when every row in the window sits after the handler's
   * first checkpoint (a first sync, or a catch-up from further back than the window), only rows written
   * within the window before that moment need a second look. A first sync of rows all written moments apart
   * (an import, a bulk update) read every id of them again, a thousand per request, before this.
   */
  private lateCommitsSince(cp: Checkpoint): string | null {
    const cpMs = Date.parse(cp.modified);
    let sinceMs = cpMs - this.overlapMs;
    const beganMs = this.began?.serverTime ? Date.parse(this.began.serverTime) : Number.NaN;
    const from = this.began?.from;
    if (Number.isFinite(beganMs) && (!from || Date.parse(from.modified) < sinceMs)) {
      sinceMs = Math.max(sinceMs, beganMs - this.overlapMs);
      // Milliseconds: `cp.modified` has microseconds, so a start past its millisecond is past it.
      if (sinceMs > cpMs) return null;
    }
    return new Date(sinceMs).toISOString();
  }

  /** Ids and `_modified` of the rows in the overlap window before `cp`. */
  private async windowRows(cp: Checkpoint, since: string, conditions: string[]): Promise<Row[]> {
    const candidates: Row[] = [];
    let after: Checkpoint | undefined;
    for (;;) {
      const page = await this.remote.selectPage({ conditions, since, atMost: cp, after, limit: MAX_PAGE, columns: 'id,_modified' });
      if (page.error || !page.data) throw remoteFailure(this.remote.name, page);
      candidates.push(...page.data);
      if (page.data.length < MAX_PAGE) return candidates;
      after = checkpointOf(page.data[page.data.length - 1]);
    }
  }

  private async lateCommits(cp: Checkpoint, conditions: string[]): Promise<Row[]> {
    const since = this.lateCommitsSince(cp);
    if (since === null) return [];
    const candidates = await this.windowRows(cp, since, conditions);
    const unseen = candidates.filter((row) => this.delivered.get(String(row.id)) !== row._modified);
    if (unseen.length === 0) return [];
    const local = await this.options.collection.storageInstance.findDocumentsById(
      unseen.map((row) => String(row.id)),
      true,
    );
    const localModified = new Map(local.map((doc) => [String((doc as unknown as Row).id), (doc as unknown as Row).server_modified]));
    const fresh = unseen.filter((row) => localModified.get(String(row.id)) !== row._modified).map((row) => String(row.id));
    const rows: Row[] = [];
    for (let i = 0; i < fresh.length; i += IDS_PER_REQUEST) {
      const result = await this.remote.selectByIds(fresh.slice(i, i + IDS_PER_REQUEST));
      if (result.error || !result.data) throw remoteFailure(this.remote.name, result);
      rows.push(...result.data);
    }
    return rows;
  }

  /** Asks for the two pages after `after`; the first of them from `used.beyond` when it starts where it should. */
  private askAhead(after: Checkpoint, conditions: string[], limit: number, used: Ahead | null): Ahead {
    const fresh = () => this.remote.selectPage({ conditions, after, limit });
    const next = used
      ? used.beyond.then((result) => {
          const first = result.data?.[0];
          return result.error || !first || !sameCheckpoint(checkpointOf(first), after) ? fresh() : { ...result, data: result.data!.slice(1) };
        })
      : fresh();
    const beyond = this.remote.selectPage({ conditions, after, offset: limit - 1, limit: limit + 1 });
    return { after, conditions: JSON.stringify(conditions), next, beyond };
  }

  private nextSlice(size: number): Slice<T> {
    const slice = this.withCarried(this.takeSlice(size));
    this.handedBefore = slice.documents.length;
    return slice;
  }

  /** The slice plus the carried rows it does not hold already (a later page brings any newer version of those). */
  private withCarried(slice: Slice<T>): Slice<T> {
    const carried = this.options.carried?.() ?? [];
    if (carried.length === 0) return slice;
    const inSlice = new Set(slice.documents.map((doc) => (doc as unknown as Row).id));
    return { ...slice, documents: [...slice.documents, ...carried.filter((doc) => !inSlice.has((doc as unknown as Row).id))] };
  }

  private takeSlice(size: number): Slice<T> {
    const page = this.pending!;
    this.options.onSliceHanded?.();
    if (page.forward > size) {
      const documents = page.documents.splice(0, size);
      page.forward -= size;
      const last = documents[documents.length - 1] as unknown as Row;
      // The slice's own position: a restart after it pulls from there, not from the end of a page only half stored.
      page.from = { modified: String(last.server_modified), id: String(last.id) };
      return { documents, checkpoint: page.from };
    }
    this.pending = null;
    return { documents: page.documents, checkpoint: page.checkpoint };
  }

  private conditionsOf(scope: PullScope): string[] {
    return this.options.spec.filter ? [this.options.spec.filter(scope)] : [];
  }

  /** The next server page after `checkpoint` in the current scope, asked again once a refused part of the scope is dropped. */
  private async forwardPage(checkpoint: Checkpoint | undefined, pageSize: number) {
    let scope = await this.options.scope();
    let conditions = this.conditionsOf(scope);
    const prefetched = this.prefetched;
    const ahead = prefetched && sameCheckpoint(prefetched.after, checkpoint) && prefetched.conditions === JSON.stringify(conditions) ? prefetched : null;
    this.prefetched = null;
    let forward = ahead ? await ahead.next : await this.remote.selectPage({ conditions, after: checkpoint, limit: pageSize });
    // One refused term (a thread id the server cannot take) must not stop the rest of the pull for good.
    if (forward.error && isRequestRefusal(forward.status) && this.options.isolateRefused && (await this.options.isolateRefused(scope))) {
      scope = await this.options.scope();
      conditions = this.conditionsOf(scope);
      forward = await this.remote.selectPage({ conditions, after: checkpoint, limit: pageSize });
    }
    if (forward.error || !forward.data) throw remoteFailure(this.remote.name, forward);
    return { scope, conditions, ahead, rows: forward.data };
  }

  /** The page's rows plus what a caught-up pull adds: late commits, always-kept rows, the rules' backfill. */
  private async withCatchUp(
    checkpoint: Checkpoint | undefined,
    pageSize: number,
    page: { scope: PullScope; conditions: string[]; rows: Row[] },
  ): Promise<Row[]> {
    let rows = page.rows;
    const notIn = (list: Row[]) => {
      const inPage = new Set(list.map((row) => String(row.id)));
      return (row: Row) => !inPage.has(String(row.id));
    };
    if (rows.length < pageSize && checkpoint) rows = rows.concat((await this.lateCommits(checkpoint, page.conditions)).filter(notIn(rows)));
    rows = rows.concat(await this.alwaysKept(page.scope, rows));
    if (this.options.backfill && page.rows.length < pageSize) rows = rows.concat((await this.options.backfill(page.scope, rows)).filter(notIn(rows)));
    return rows;
  }

  async pull(checkpoint: Checkpoint | undefined, batchSize: number): Promise<Slice<T>> {
    const { options } = this;
    const sliceSize = options.sliceSize ?? batchSize;
    this.began ??= { from: checkpoint, serverTime: (await options.serverTime?.()) ?? null };
    // RxDB asks for the next rows before it has stored the last ones and merges whatever is waiting into one
    // write, which would make one long task of several pages: the next slice (or page: it is being fetched
    // meanwhile) is handed over once the last one is stored.
    if (this.handedBefore > 0) {
      const handed = this.handedBefore;
      this.handedBefore = 0;
      await options.beforeNextSlice?.(handed);
    }
    if (this.pending && sameCheckpoint(this.pending.from, checkpoint)) return this.nextSlice(sliceSize);
    this.pending = null;
    // A sliced pull still asks the server for whole pages: round trips cost more than slices.
    const pageSize = options.sliceSize ? SLICED_PAGE : Math.min(batchSize, MAX_PAGE);
    const page = await this.forwardPage(checkpoint, pageSize);
    const rows = await this.withCatchUp(checkpoint, pageSize, page);
    for (const row of rows) this.delivered.set(String(row.id), String(row._modified));
    const last = page.rows[page.rows.length - 1];
    const documents = rows.map((row) => rowToDoc<T>(options.spec, this.schema, row));
    const pageCheckpoint = last ? checkpointOf(last) : checkpoint;
    if (!options.sliceSize) return this.withCarried({ documents, checkpoint: pageCheckpoint });
    // A full page: the next one is asked for now, while this one's slices are stored.
    if (page.rows.length === pageSize && last) {
      // The page beyond, asked for with this one, still fits when no refused thread changed the question since.
      const sameQuestion = page.ahead?.conditions === JSON.stringify(page.conditions);
      this.prefetched = this.askAhead(checkpointOf(last), page.conditions, pageSize, sameQuestion ? page.ahead : null);
    }
    this.pending = { from: checkpoint, documents, forward: page.rows.length, checkpoint: pageCheckpoint };
    return this.nextSlice(sliceSize);
  }
}

/**
 * Checkpointed pull by `(_modified, id)`. When a pull has caught up it also
 * re-reads ids and `_modified` of rows within the overlap window before the
 * checkpoint and fetches the ones this device has not seen in that version,
 * so a late commit is never skipped. Deduplication uses the local store and
 * what this handler already returned, so a settled window costs one light
 * query and the loop always ends.
 */
export function createPullHandler<T>(options: PullHandlerOptions<T>): PullHandler<T> {
  const pull = new CheckpointedPull(options);
  return (checkpoint, batchSize) => pull.pull(checkpoint, batchSize);
}

function sameCheckpoint(a: Checkpoint | undefined, b: Checkpoint | undefined): boolean {
  if (!a || !b) return !a && !b;
  return a.modified === b.modified && a.id === b.id;
}
