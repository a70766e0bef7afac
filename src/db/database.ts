import { addRxPlugin, createRxDatabase, type RxDatabase, type RxStorage } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getAppStorage } from './app-storage';
import { COLLECTION_DEFINITIONS, type AppCollections, type CollectionDefinition, type CollectionName } from './collections';
import { serverWinsConflictHandler } from './conflict-handler';
import { replayPendingWrites } from './pending-inserts';

/**
 * The local store (RxDB over IndexedDB). Components reach it with `useDatabase()`
 * and read it live with `useLiveQuery()` (both in `./hooks`); other code awaits
 * `loadDatabase()` (`./load-database.ts`). A member's write goes through
 * `mutate` (`./mutate.ts`), which records it as waiting in the outbox; the sync
 * engine (`./replication/`) sends it to PostgREST; the server's triggers and
 * the `send-push` edge function turn it into notifications.
 */
export type AppDatabase = RxDatabase<AppCollections>;

export { DEFAULT_DATABASE_NAME } from './database-name';
import { DEFAULT_DATABASE_NAME } from './database-name';

export interface CreateAppDatabaseOptions {
  name?: string;
  /** The app's storage (Dexie over the browser's IndexedDB) by default; tests pass it over fake-indexeddb. Development builds add schema validation. */
  storage?: RxStorage<unknown, unknown>;
  /** Several tabs share one store and elect one leader to replicate. Off in Node tests. */
  multiInstance?: boolean;
  /**
   * Tests only: create just these collections, so two "devices" fit in one
   * Node process under RxDB's 13-open-collections limit. Other collections are then absent.
   */
  only?: readonly CollectionName[];
  /** Only for tests that prove a schema bump migrates stored documents. */
  definitionOverrides?: Partial<{ [K in CollectionName]: CollectionDefinition<unknown> }>;
}

let pluginsAdded = false;
async function addPlugins(): Promise<void> {
  if (pluginsAdded) return;
  pluginsAdded = true;
  addRxPlugin(RxDBLeaderElectionPlugin);
  addRxPlugin(RxDBMigrationSchemaPlugin);
  // Dev-mode checks schemas and queries but is heavy; production bundles never load it.
  if (import.meta.env?.DEV) {
    const { RxDBDevModePlugin, disableWarnings } = await import('rxdb/plugins/dev-mode');
    disableWarnings();
    addRxPlugin(RxDBDevModePlugin);
  }
}

async function withDevValidation(base: RxStorage<unknown, unknown>): Promise<RxStorage<unknown, unknown>> {
  if (!import.meta.env?.DEV) return base;
  // Validate every write against its schema while developing, so a bad write fails loudly.
  const { wrappedValidateAjvStorage } = await import('rxdb/plugins/validate-ajv');
  return wrappedValidateAjvStorage({ storage: base }) as RxStorage<unknown, unknown>;
}

/** How a collection is created from its definition: its schema, migrations and conflict rule (the server's state wins unless it says otherwise). */
export function collectionCreator(def: CollectionDefinition<unknown>) {
  return { schema: def.schema, migrationStrategies: def.migrationStrategies, conflictHandler: def.conflictHandler ?? serverWinsConflictHandler };
}

export async function createAppDatabase(options: CreateAppDatabaseOptions = {}): Promise<AppDatabase> {
  await addPlugins();
  const db = await createRxDatabase<AppCollections>({
    name: options.name ?? DEFAULT_DATABASE_NAME,
    storage: await withDevValidation(options.storage ?? (getAppStorage() as RxStorage<unknown, unknown>)),
    multiInstance: options.multiInstance ?? true,
    eventReduce: true,
    // The cleanup plugin is not loaded: tombstones stay until clearLocalData().
    closeDuplicates: true,
  });
  const definitions = { ...COLLECTION_DEFINITIONS, ...options.definitionOverrides };
  const creators = Object.fromEntries(
    Object.entries(definitions)
      .filter(([name]) => !options.only || options.only.includes(name as CollectionName))
      .map(([name, def]) => [name, collectionCreator(def as CollectionDefinition<unknown>)]),
  );
  // Typed by AppCollections; the entries are built from COLLECTION_DEFINITIONS, which is keyed the same way.
  await db.addCollections(creators as Parameters<AppDatabase['addCollections']>[0]);
  return db;
}

let appDatabase: Promise<AppDatabase> | undefined;

/** The app's one database, created on first use. */
export function getDatabase(): Promise<AppDatabase> {
  // Writes that were still on their way to IndexedDB when the last page went away land first.
  appDatabase ??= createAppDatabase().then(async (db) => {
    await replayPendingWrites(db);
    return db;
  });
  return appDatabase;
}

/** Forgets the singleton after its database was removed (clearLocalData). */
export function resetDatabaseSingleton(): void {
  appDatabase = undefined;
}
