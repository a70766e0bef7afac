/**
 * The app's outbox and drafts as the service worker reaches them: through RxDB's storage layer (the same Dexie
 * databases, record format and revisions the page's RxDB uses), never through an RxDB database, which the worker
 * cannot open beside the page's. What the worker writes is what the page's RxDB reads the next time it opens; a
 * record the page changed meanwhile is left to the page (its revision no longer matches).
 */
import {
  createRevision,
  fillWithDefaultSettings,
  normalizeMangoQuery,
  now,
  prepareQuery,
  randomToken,
  type DexieSettings,
  type RxDocumentData,
  type RxJsonSchema,
  type RxStorageInstance,
} from 'rxdb';
import { getAppStorage } from '../src/db/app-storage';
import { DEFAULT_DATABASE_NAME } from '../src/db/database-name';
import { draftsSchema, type DraftDoc } from '../src/db/schemas/drafts';
import { outboxId, outboxSchema, type OutboxDoc, type OutboxState } from '../src/db/schemas/outbox';
import { postsTable, type PostDoc } from '../src/db/schemas/posts';

type Instance<T> = RxStorageInstance<T, unknown, DexieSettings>;

export interface OutboxQueue {
  /** the writes of `userId` still waiting, oldest first (a discussion before its first post) */
  waiting(userId: string): Promise<OutboxDoc[]>;
  isWaiting(id: string): Promise<boolean>;
  /** moves `record` to its outcome, unless the member changed it since it was read; the stored record, or null */
  settle(record: OutboxDoc, state: OutboxState, reason: string | null, at: string): Promise<OutboxDoc | null>;
  keepDraft(draft: DraftDoc): Promise<void>;
  /**
   * A reply written outside the app (a notification's inline reply) joins the queue as one written in the app does:
   * its outbox record first, then the post, so the page shows it and sends it if the worker cannot.
   */
  queueReply(post: PostDoc & { id: string }): Promise<void>;
  close(): Promise<void>;
}

function open<T>(settings: DexieSettings, databaseName: string, collectionName: string, schema: RxJsonSchema<T>, token: string): Promise<Instance<T>> {
  return getAppStorage(settings).createStorageInstance({
    databaseInstanceToken: token,
    databaseName,
    collectionName,
    schema: fillWithDefaultSettings(schema),
    options: settings,
    multiInstance: false,
    devMode: false,
  }) as Promise<Instance<T>>;
}

/** `settings` are Dexie's: the worker passes none (the browser's IndexedDB); tests pass fake-indexeddb. */
export async function openOutboxQueue(settings: DexieSettings = {}, databaseName = DEFAULT_DATABASE_NAME): Promise<OutboxQueue> {
  const token = randomToken(10);
  const outboxFilled = fillWithDefaultSettings(outboxSchema);
  const [outbox, drafts] = await Promise.all([
    open(settings, databaseName, 'outbox', outboxSchema, token),
    open(settings, databaseName, 'drafts', draftsSchema, token),
  ]);

  let posts: Promise<Instance<PostDoc>> | null = null;

  async function stored(id: string): Promise<RxDocumentData<OutboxDoc> | null> {
    const [doc] = await outbox.findDocumentsById([id], false);
    return doc ?? null;
  }

  return {
    async waiting(userId) {
      // As RxDB's own queries do: only live documents, read through the (state, updated_at) index.
      const query = normalizeMangoQuery(outboxFilled, { selector: { state: 'waiting' }, sort: [{ updated_at: 'asc' }] });
      query.selector = { ...query.selector, _deleted: { $eq: false } } as typeof query.selector;
      const { documents } = await outbox.query(prepareQuery(outboxFilled, query));
      return documents.filter((doc) => doc.user_id === userId);
    },
    async isWaiting(id) {
      return (await stored(id))?.state === 'waiting';
    },
    async settle(record, state, reason, at) {
      const previous = await stored(record.id);
      // A new write since it was read (the page is open): that version is the page's to send.
      if (!previous || previous.state !== 'waiting' || previous.updated_at !== record.updated_at) return null;
      const document: RxDocumentData<OutboxDoc> = {
        ...previous,
        state,
        reason,
        updated_at: at,
        _rev: createRevision(token, previous),
        _meta: { ...previous._meta, lwt: now() },
      };
      const result = await outbox.bulkWrite([{ previous, document }], 'background-sync');
      return result.error.length === 0 ? document : null;
    },
    async keepDraft(draft) {
      const [previous] = await drafts.findDocumentsById([draft.id], true);
      const document: RxDocumentData<DraftDoc> = {
        ...draft,
        _deleted: false,
        _attachments: {},
        _rev: createRevision(token, previous),
        _meta: { lwt: now() },
      };
      const result = await drafts.bulkWrite([{ previous, document }], 'background-sync');
      if (result.error.length > 0) throw new Error(`drafts: the kept text could not be written (${result.error[0].status})`);
    },
    async queueReply(post) {
      posts ??= open(settings, databaseName, 'posts', postsTable.schema, token);
      const columns: Record<string, unknown> = {};
      for (const column of postsTable.sync.insertColumns) if (column in post) columns[column] = post[column as keyof PostDoc];
      const record: OutboxDoc = {
        id: outboxId('posts', post.id),
        collection_name: 'posts',
        doc_id: post.id,
        state: 'waiting',
        reason: null,
        user_id: post.user_id,
        updated_at: post.created_at,
        op: 'insert',
        columns,
        previous: {},
        base: null,
      };
      const meta = () => ({ _deleted: false, _attachments: {}, _rev: createRevision(token), _meta: { lwt: now() } });
      const written = await outbox.bulkWrite([{ document: { ...record, ...meta() } }], 'inline-reply');
      if (written.error.length > 0) throw new Error('outbox: the reply could not be queued');
      const stored = await (await posts).bulkWrite([{ document: { ...post, server_modified: null, ...meta() } }], 'inline-reply');
      if (stored.error.length > 0) throw new Error('posts: the reply could not be stored');
    },
    async close() {
      await Promise.all([outbox.close(), drafts.close(), posts?.then((instance) => instance.close())]);
    },
  };
}
