import { describe, expect, it } from 'vitest';
import type { RxCollection, RxJsonSchema } from 'rxdb';
import type { ReplicatedCollectionName } from '@/db/collections';
import { collectionCreator } from '@/db/database';
import { setLocalIdentity } from '@/db/identity';
import { recordWrite } from '@/db/outbox';
import { startSync } from '@/db/replication/sync';
import type { TableSyncSpec } from '@/db/replication/table-spec';
import { ID_FIELD, SERVER_MODIFIED_FIELD } from '@/db/schemas/fields';
import { testDatabase } from './db-support/memory-db';
import { StubTable } from './db-support/stub-remote';
import { deviceClosedAfterEach, stubSyncOptions, until } from './db-support/sync';

/**
 * A table kept per member ("notes"): the first replication of a member on a device starts sending at its
 * own start, so what other identities left in the store is not sent as theirs; a write of that member made
 * before (its page went away before any replication ran) must be sent all the same.
 */
// The engine is keyed by the app's table names; a made-up table has to pass as one.
const NOTES = 'notes' as ReplicatedCollectionName;

interface NoteDoc {
  id: string;
  text: string;
  server_modified?: string | null;
}

const notesSchema: RxJsonSchema<NoteDoc> = {
  title: 'notes',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: { id: ID_FIELD, text: { type: 'string' }, server_modified: SERVER_MODIFIED_FIELD },
  required: ['id', 'text'],
};

const notesSync: TableSyncSpec = {
  collection: NOTES,
  table: 'notes',
  direction: 'both',
  perIdentity: true,
  membersOnly: true,
  readable: true,
  insertColumns: ['id', 'text'],
  updateColumns: ['text'],
  timestampFields: [],
};

const device = deviceClosedAfterEach();

async function write(notes: RxCollection<NoteDoc>, db: Parameters<typeof recordWrite>[0], doc: NoteDoc): Promise<void> {
  await recordWrite(db, { collection: NOTES, id: doc.id, op: 'insert', columns: { ...doc }, previous: {}, base: null }, () => notes.insert(doc));
}

describe("a member's first replication of a table kept per member", () => {
  it('sends the writes that member made before any replication ran, and nothing another member left waiting', async () => {
    const db = (device.db = await testDatabase({ only: ['outbox', 'drafts'] }));
    await db.addCollections({ notes: collectionCreator({ schema: notesSchema, migrationStrategies: {} } as Parameters<typeof collectionCreator>[0]) });
    // Added above, so not in the app's collection types.
    const notes = (db.collections as unknown as Record<string, RxCollection<NoteDoc>>).notes;
    const member = crypto.randomUUID();
    const other = crypto.randomUUID();
    // Another member signed out and kept an unsent write; then this member wrote before any replication started.
    setLocalIdentity(db, other);
    await write(notes, db, { id: crypto.randomUUID(), text: 'left by another member' });
    setLocalIdentity(db, null);
    const mine = crypto.randomUUID();
    await write(notes, db, { id: mine, text: 'typed before the first sync' });
    await new Promise((resolve) => setTimeout(resolve, 5));

    const server = new StubTable('notes');
    device.sync = startSync({ ...stubSyncOptions(db, () => server), userId: member, collections: [NOTES], specs: { [NOTES]: notesSync } });

    await until(() => server.rows.has(mine));
    await device.sync.awaitInSync();
    expect([...server.rows.values()].map((row) => row.text)).toEqual(['typed before the first sync']);
  }, 30_000);
});
