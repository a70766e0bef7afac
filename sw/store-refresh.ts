/**
 * Between opens, the worker brings the device's copy up to date: what changed on the server since the device's
 * own pull checkpoints, for the notifications, the blog, the discussions and the posts of the threads the device
 * keeps, written into the page's store the way RxDB's replication writes what it pulls. It goes through RxDB's
 * storage layer (the same Dexie databases and record format), never through an RxDB database, which the worker
 * cannot open beside the page's.
 *
 * Each row is written twice, as the replication does: first as the server's state in the replication's own
 * records (so the page's replication, when it starts, sees the device already agrees with the server and sends
 * nothing back), then as the document. The checkpoints are left as they are: the page's next pull asks again
 * from them and finds the same rows already in place. A document the member changed and has not sent yet, or
 * one with a write waiting, is left to the page.
 */
import {
  createRevision,
  deepEqual,
  defaultHashSha256,
  fillWithDefaultSettings,
  getHeightOfRevision,
  normalizeMangoQuery,
  now,
  prepareQuery,
  randomToken,
  type DexieSettings,
  type RxDocumentData,
  type RxJsonSchema,
  type RxStorage,
  type RxStorageInstance,
  type WithDeleted,
} from 'rxdb';
import { getAppStorage } from '../src/db/app-storage';
import { REPLICATED_TABLES, type ReplicatedCollectionName } from '../src/db/collections';
import { DEFAULT_DATABASE_NAME } from '../src/db/database-name';
import type { RemoteTable } from '../src/db/replication/remote-table';
import { rowToDoc, type Row } from '../src/db/replication/row-mapping';
import { replicationIdentifier } from '../src/db/replication/replication-identifier';
import { assumedStateId, openReplicationMeta, type ReplicationMetaDoc } from '../src/db/replication/replication-meta';
import { RECENT_WINDOW_DAYS, TABLE_SPECS, type PullScope, type TableSyncSpec } from '../src/db/replication/tables';
import { outboxId, outboxSchema } from '../src/db/schemas/outbox';

/** The tables refreshed, in this order: a thread's header before its posts. */
export const REFRESHED_TABLES = ['notifications', 'blog_posts', 'discussions', 'posts'] as const satisfies readonly ReplicatedCollectionName[];
type RefreshedTable = (typeof REFRESHED_TABLES)[number];

/** At most this many rows per table and refresh: the page's own pull takes the rest on the next open. */
export const REFRESH_ROWS_PER_TABLE = 200;

const DAY_MS = 24 * 60 * 60 * 1000;

type AnyDoc = Record<string, unknown> & { id: string };
type Instance = RxStorageInstance<AnyDoc, unknown, DexieSettings>;

export interface StoreRefreshOptions {
  userId: string;
  /** the server side of a table, as the member */
  remoteFor: (spec: TableSyncSpec) => RemoteTable;
  /** Dexie's settings: the worker passes none (the browser's IndexedDB); tests pass fake-indexeddb */
  settings?: DexieSettings;
  databaseName?: string;
  now?: number;
}

/** How many rows each table took. */
export type StoreRefreshResult = Partial<Record<RefreshedTable, number>>;

function open<T>(settings: DexieSettings, databaseName: string, collectionName: string, schema: RxJsonSchema<RxDocumentData<T>>, token: string) {
  return getAppStorage(settings).createStorageInstance({
    databaseInstanceToken: token,
    databaseName,
    collectionName,
    schema,
    options: settings,
    multiInstance: false,
    devMode: false,
  }) as Promise<RxStorageInstance<T, unknown, DexieSettings>>;
}

/** A stored document as the replication compares it with the server's state: without its storage fields. */
function docState(doc: RxDocumentData<AnyDoc>): WithDeleted<AnyDoc> {
  const { _meta: _m, _rev: _r, _attachments: _a, ...state } = doc;
  return state as WithDeleted<AnyDoc>;
}

/** Every live document of a small collection, read as RxDB's own queries read it. */
async function liveDocuments(instance: Instance, schema: RxJsonSchema<RxDocumentData<AnyDoc>>): Promise<RxDocumentData<AnyDoc>[]> {
  const query = normalizeMangoQuery<AnyDoc>(schema as never, { selector: {} });
  query.selector = { ...query.selector, _deleted: { $eq: false } } as typeof query.selector;
  const { documents } = await instance.query(prepareQuery(schema as never, query));
  return documents;
}

/** The threads whose posts the device keeps by the member's choice: kept offline, bookmarked, opened lately. */
async function keptThreads(settings: DexieSettings, databaseName: string, token: string, at: number): Promise<string[]> {
  const schema = fillWithDefaultSettings(REPLICATED_TABLES.pinned.schema) as unknown as RxJsonSchema<RxDocumentData<AnyDoc>>;
  const pinned = (await open<AnyDoc>(settings, databaseName, 'pinned', schema, token)) as Instance;
  try {
    const since = new Date(at - RECENT_WINDOW_DAYS * DAY_MS).toISOString();
    const ids = new Set<string>();
    for (const pin of await liveDocuments(pinned, schema)) {
      if (pin.reason === 'visited' && String(pin.pinned_at) < since) continue;
      const thread = pin.entity_type === 'discussion' ? pin.entity_id : pin.entity_type === 'post' ? pin.discussion_id : null;
      if (typeof thread === 'string') ids.add(thread);
    }
    return [...ids];
  } finally {
    await pinned.close();
  }
}

interface TableContext {
  settings: DexieSettings;
  databaseName: string;
  token: string;
  userId: string;
  scope: PullScope;
  remote: RemoteTable;
  /** outbox ids of writes still waiting */
  waiting: Set<string>;
}

/** One table: the server's rows after the device's checkpoint, written where the device has not changed them. */
async function refreshTable(name: RefreshedTable, context: TableContext): Promise<number> {
  const spec = TABLE_SPECS[name];
  const schema = fillWithDefaultSettings(REPLICATED_TABLES[name].schema as RxJsonSchema<AnyDoc>);
  const identifier = replicationIdentifier(spec, context.userId);
  const [fork, meta] = await Promise.all([
    open<AnyDoc>(context.settings, context.databaseName, name, schema, context.token) as Promise<Instance>,
    openReplicationMeta(getAppStorage(context.settings) as RxStorage<unknown, unknown>, {
      databaseName: context.databaseName,
      collectionName: name,
      schema,
      identifier,
      token: context.token,
      settings: context.settings,
    }),
  ]);
  try {
    // A table the page never pulled has no checkpoint to refresh from: its first pull is the page's.
    const [down] = await meta.findDocumentsById(['down|1'], false);
    const checkpoint = down?.checkpointData as { modified: string; id: string } | undefined;
    if (!checkpoint?.modified) return 0;
    const conditions = spec.filter ? [spec.filter(context.scope)] : [];
    const { data, error } = await context.remote.selectPage({ conditions, after: checkpoint, limit: REFRESH_ROWS_PER_TABLE });
    if (error || !data || data.length === 0) return 0;
    const incoming = data.map((row: Row) => rowToDoc<AnyDoc>(spec, schema as unknown as RxJsonSchema<AnyDoc>, row));
    const ids = incoming.map((doc) => doc.id);
    const [current, assumed] = await Promise.all([fork.findDocumentsById(ids, true), meta.findDocumentsById(ids.map(assumedStateId), true)]);
    const forkById = new Map(current.map((doc) => [doc.id, doc]));
    const metaById = new Map(assumed.map((doc) => [doc.itemId, doc]));
    const identifierHash = await defaultHashSha256(`rxdbreplication${identifier}`);
    const metaRows = [];
    const forkRows = [];
    for (const doc of incoming) {
      if (context.waiting.has(outboxId(name, doc.id))) continue;
      const previous = forkById.get(doc.id);
      const previousMeta = metaById.get(doc.id);
      if (previous) {
        const state = docState(previous);
        // Already as the server has it, or changed on the device and not sent yet: nothing to do here.
        if (deepEqual(state, doc)) continue;
        const fromServer = previous._meta.o as { _rev?: number } | undefined;
        const unchangedSincePull = (previousMeta?.docData && deepEqual(previousMeta.docData, state)) || fromServer?._rev === getHeightOfRevision(previous._rev);
        if (!unchangedSincePull) continue;
      }
      const metaDoc: RxDocumentData<ReplicationMetaDoc> = {
        id: assumedStateId(doc.id),
        isCheckpoint: '0',
        itemId: doc.id,
        docData: doc,
        ...(previousMeta?.isResolvedConflict ? { isResolvedConflict: previousMeta.isResolvedConflict } : {}),
        _deleted: false,
        _attachments: {},
        _meta: { lwt: now() },
        _rev: createRevision(context.token, previousMeta),
      } as RxDocumentData<ReplicationMetaDoc>;
      metaRows.push({ previous: previousMeta, document: metaDoc });
      const rev = createRevision(identifierHash, previous);
      forkRows.push({
        previous,
        document: {
          ...doc,
          _attachments: {},
          // Marked as the replication marks what it pulled, so the page's replication takes it for the server's.
          _meta: { lwt: now(), o: { _rev: getHeightOfRevision(rev), hash: identifierHash } },
          _rev: rev,
        } as RxDocumentData<AnyDoc>,
      });
    }
    if (forkRows.length === 0) return 0;
    // The server's state first: a worker stopped between the two writes leaves a document the page's pull
    // still corrects, never one its replication would send back as the member's change.
    const metaWritten = await meta.bulkWrite(metaRows, 'background-refresh');
    const failed = new Set(metaWritten.error.map((e) => e.documentId.replace(/\|0$/, '')));
    const written = await fork.bulkWrite(
      forkRows.filter((row) => !failed.has(row.document.id)),
      'background-refresh',
    );
    return forkRows.length - failed.size - written.error.length;
  } finally {
    await Promise.all([fork.close(), meta.close()]);
  }
}

/** What is waiting in the outbox: those documents are the page's to settle. */
async function waitingWrites(settings: DexieSettings, databaseName: string, token: string): Promise<Set<string>> {
  const schema = fillWithDefaultSettings(outboxSchema) as unknown as RxJsonSchema<RxDocumentData<AnyDoc>>;
  const outbox = (await open<AnyDoc>(settings, databaseName, 'outbox', schema, token)) as Instance;
  try {
    return new Set((await liveDocuments(outbox, schema)).filter((doc) => doc.state === 'waiting').map((doc) => doc.id));
  } finally {
    await outbox.close();
  }
}

/** Refreshes the device's store for the signed-in member; tables that fail are left for the page. */
export async function refreshStore(options: StoreRefreshOptions): Promise<StoreRefreshResult> {
  const settings = options.settings ?? {};
  const databaseName = options.databaseName ?? DEFAULT_DATABASE_NAME;
  const token = randomToken(10);
  const at = options.now ?? Date.now();
  const [discussionIds, waiting] = await Promise.all([keptThreads(settings, databaseName, token, at), waitingWrites(settings, databaseName, token)]);
  const scope: PullScope = { userId: options.userId, now: at, discussionIds };
  const result: StoreRefreshResult = {};
  for (const name of REFRESHED_TABLES) {
    const context: TableContext = { settings, databaseName, token, userId: options.userId, scope, remote: options.remoteFor(TABLE_SPECS[name]), waiting };
    result[name] = await refreshTable(name, context).catch(() => 0);
  }
  return result;
}
