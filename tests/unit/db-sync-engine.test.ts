import { describe, expect, it } from 'vitest';
import type { RxCollection, RxConflictHandler, RxJsonSchema } from 'rxdb';
import type { ReplicatedCollectionName } from '@/db/collections';
import { collectionCreator, type AppDatabase } from '@/db/database';
import { outboxId } from '@/db/outbox';
import type { PageRequest } from '@/db/replication/remote-table';
import type { Row } from '@/db/replication/row-mapping';
import type { SendOutcome } from '@/db/replication/send-one';
import { startSync } from '@/db/replication/sync';
import type { TableSyncSpec } from '@/db/replication/table-spec';
import { registerTableRules } from '@/db/replication/table-rules-registry';
import { ID_FIELD, SERVER_MODIFIED_FIELD, TIMESTAMP_FIELD } from '@/db/schemas/fields';
import { testDatabase } from './db-support/memory-db';
import { StubTable } from './db-support/stub-remote';
import { deviceClosedAfterEach, stubSyncOptions, until } from './db-support/sync';

/**
 * A table the app does not have, "widgets" on shelves: what a new table brings is its declaration (the
 * store's schema, how replication moves it, its conflict rule) and its rules. Nothing else of the engine
 * is touched for it.
 */
// The engine is keyed by the app's table names; a made-up table has to pass as one.
const WIDGETS = 'widgets' as ReplicatedCollectionName;

interface WidgetDoc {
  id: string;
  shelf: string;
  label: string;
  edited_at: string;
  server_modified?: string | null;
}

const widgetsSchema: RxJsonSchema<WidgetDoc> = {
  title: 'widgets',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: { id: ID_FIELD, shelf: ID_FIELD, label: { type: 'string' }, edited_at: TIMESTAMP_FIELD, server_modified: SERVER_MODIFIED_FIELD },
  required: ['id', 'shelf', 'label', 'edited_at'],
};

const widgetsSync: TableSyncSpec = {
  collection: WIDGETS,
  table: 'widgets',
  direction: 'both',
  perIdentity: false,
  membersOnly: false,
  readable: true,
  insertColumns: ['id', 'shelf', 'label', 'edited_at'],
  updateColumns: ['label', 'edited_at'],
  timestampFields: ['edited_at'],
  // What the device keeps: the shelves its rules name.
  filter: (scope) => `shelf.in.(${(scope.discussionIds ?? []).join(',')})`,
};

/** The conflict rule a replicated draft would have: the newest edit wins, whichever device made it. */
const newestEditWins: RxConflictHandler<WidgetDoc> = {
  isEqual: (a, b) => a.label === b.label && a.edited_at === b.edited_at,
  resolve: async ({ newDocumentState, realMasterState }) => (newDocumentState.edited_at > realMasterState.edited_at ? newDocumentState : realMasterState),
};

/** What the rules see in a test: the shelves this device keeps and every push outcome. */
const world = { shelves: ['a'], outcomes: [] as { type: SendOutcome['type']; id: string }[] };
registerTableRules(WIDGETS, (run) => ({
  pullScope: async () => ({ userId: run.userId, now: run.now(), discussionIds: world.shelves }),
  afterPush: async (outcome, doc) => {
    world.outcomes.push({ type: outcome.type, id: String(doc.id) });
  },
}));

/** The server's widgets, answering the shelf filter as PostgREST would and remembering what it was asked. */
class WidgetsTable extends StubTable {
  readonly asked: string[][] = [];

  override async selectPage(request: PageRequest) {
    this.asked.push(request.conditions);
    const answer = await super.selectPage(request);
    const shelves = request.conditions.map((c) => /^shelf\.in\.\((.*)\)$/.exec(c)?.[1]).find((list) => list !== undefined);
    if (!answer.data || shelves === undefined) return answer;
    return { ...answer, data: answer.data.filter((row: Row) => row.shelf === undefined || shelves.split(',').includes(String(row.shelf))) };
  }
}

const device = deviceClosedAfterEach();

async function widgetDevice(conflictHandler?: RxConflictHandler<WidgetDoc>) {
  const db = (device.db = await testDatabase({ only: ['outbox', 'drafts'] }));
  await db.addCollections({
    widgets: collectionCreator({ schema: widgetsSchema, migrationStrategies: {}, conflictHandler } as Parameters<typeof collectionCreator>[0]),
  });
  // Added above, so not in the app's collection types.
  const widgets = (db.collections as unknown as Record<string, RxCollection<WidgetDoc>>).widgets;
  const server = new WidgetsTable('widgets');
  return { db, widgets, server };
}

function startWidgets(db: AppDatabase, server: WidgetsTable, userId: string | null) {
  return (device.sync = startSync({ ...stubSyncOptions(db, () => server), userId, collections: [WIDGETS], specs: { [WIDGETS]: widgetsSync } }));
}

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();

describe('the sync engine with a table it has never seen', () => {
  it("pulls only what the table's rules scope it to, and a scope the rules widen later", async () => {
    const { db, widgets, server } = await widgetDevice();
    server.put({ id: 'w1', shelf: 'a', label: 'kept', edited_at: at(1) });
    server.put({ id: 'w2', shelf: 'b', label: 'not kept yet', edited_at: at(2) });
    world.shelves = ['a'];
    const sync = startWidgets(db, server, null);
    await sync.whenStoreReady();

    expect((await widgets.find().exec()).map((doc) => doc.id)).toEqual(['w1']);
    expect(server.asked[0]).toEqual(['shelf.in.(a)']);

    world.shelves = ['a', 'b'];
    server.put({ id: 'w3', shelf: 'b', label: 'newer', edited_at: at(3) });
    sync.resync();
    await until(async () => (await widgets.findOne('w3').exec()) !== null);
    expect(server.asked.at(-1)).toEqual(['shelf.in.(a,b)']);
  }, 30_000);

  it("hands every push outcome to the table's rules after the write's record says it", async () => {
    const { db, widgets, server } = await widgetDevice();
    world.outcomes = [];
    const member = crypto.randomUUID();
    server.scripted.set('refused', [{ error: { code: '42501', message: 'new row violates row-level security policy' }, status: 403 }]);
    const sync = startWidgets(db, server, member);
    await widgets.insert({ id: 'sent', shelf: 'a', label: 'goes through', edited_at: at(1) });
    await widgets.insert({ id: 'refused', shelf: 'a', label: 'refused', edited_at: at(2) });
    await until(() => world.outcomes.length === 2);
    await sync.awaitInSync();

    expect(world.outcomes.toSorted((x, y) => x.id.localeCompare(y.id))).toEqual([
      { type: 'rejected', id: 'refused' },
      { type: 'ok', id: 'sent' },
    ]);
    expect(server.rows.get('sent')?.label).toBe('goes through');
    expect((await db.outbox.findOne(outboxId('widgets', 'refused')).exec())?.state).toBe('rejected');
    expect(await widgets.findOne('refused').exec()).toBeNull();
  }, 30_000);

  it("resolves a conflict by the table's declared rule: the newest edit wins on the device and then on the server", async () => {
    const { db, widgets, server } = await widgetDevice(newestEditWins);
    server.put({ id: 'w1', shelf: 'a', label: 'first', edited_at: at(1) });
    world.shelves = ['a'];
    const sync = startWidgets(db, server, crypto.randomUUID());
    await sync.whenStoreReady();
    // Another device edits the same widget just before this device's edit reaches the server; this one is newer.
    server.beforeUpdate = (id) => {
      server.beforeUpdate = undefined;
      const current = server.rows.get(id)!;
      server.put({ ...current, label: 'other device', edited_at: at(2), _modified: undefined });
    };
    await (await widgets.findOne('w1').exec())!.incrementalPatch({ label: 'this device', edited_at: at(3) });

    await until(() => server.rows.get('w1')?.label === 'this device');
    await sync.awaitInSync();
    expect((await widgets.findOne('w1').exec())?.label).toBe('this device');
  }, 30_000);

  it('without a conflict rule of its own, the server wins', async () => {
    const { db, widgets, server } = await widgetDevice();
    server.put({ id: 'w1', shelf: 'a', label: 'first', edited_at: at(1) });
    world.shelves = ['a'];
    const sync = startWidgets(db, server, crypto.randomUUID());
    await sync.whenStoreReady();
    server.beforeUpdate = (id) => {
      server.beforeUpdate = undefined;
      const current = server.rows.get(id)!;
      server.put({ ...current, label: 'other device', edited_at: at(2), _modified: undefined });
    };
    await (await widgets.findOne('w1').exec())!.incrementalPatch({ label: 'this device', edited_at: at(3) });

    await until(async () => (await widgets.findOne('w1').exec())?.label === 'other device');
    await sync.awaitInSync();
    expect(server.rows.get('w1')?.label).toBe('other device');
  }, 30_000);
});
