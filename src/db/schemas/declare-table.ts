import type { MigrationStrategies, RxConflictHandler, RxJsonSchema, TopLevelProperty } from 'rxdb';
import type { OutboxCollectionName } from '../collections';
import type { Database } from '../database.types';
import type { PullScope, TableSyncSpec } from '../replication/table-spec';
import { SERVER_MODIFIED_FIELD } from './fields';

type Tables = Database['public']['Tables'];
/**
 * A table of the generated types; which of them the device replicates is the map in ../collections.ts
 * (the pinned collection replicates the bookmarks table's declaration under its own name).
 */
type DeclaredTableName = keyof Tables;
/** A table's row as the database gives it (src/db/database.types.ts, generated from the migrations). */
export type TableRow<T extends keyof Tables> = Tables[T]['Row'];
/** Replication's bookkeeping: the device keeps `_modified` as `server_modified` and `_deleted` as RxDB's own flag. */
type BookkeepingColumn = '_modified' | '_deleted';
/** The columns of a table a declaration must say something about. */
export type DeviceColumn<T extends keyof Tables> = Exclude<keyof TableRow<T> & string, BookkeepingColumn>;

/**
 * The type a device gives a json column, which the database only knows as `Json`. Only the type travels;
 * the value is an empty object.
 */
export interface StoredAs<Value> {
  readonly storedAs?: Value;
}
export const storedAs = <Value>(): StoredAs<Value> => ({});

/** One column as the device sees it. */
export interface ColumnDeclaration<Value> {
  /** how the local store holds it: the RxDB JSON-schema property (./fields has the shared ones) */
  field: TopLevelProperty;
  /** every stored document has a value (the server's null is replaced by `fallback` or `normalize`) */
  required?: boolean;
  /** the device sends it when it creates the row; every other column is the server's */
  insert?: boolean;
  /** the device may change it; a push sends only those that changed */
  update?: boolean;
  /** normalised to ISO on the way in, so string order is time order in indexes */
  timestamp?: boolean;
  /** what the document holds when the server sends null, because an index cannot hold null */
  fallback?: NonNullable<Value>;
  /** the device's type for a json column */
  type?: StoredAs<unknown>;
  /** the database itself settles two devices' changes of it (a read point only moves forward): never a conflict */
  serverMerged?: boolean;
}

type ColumnsOf<T extends DeclaredTableName, S extends string> = {
  [K in Exclude<DeviceColumn<T>, S>]: ColumnDeclaration<TableRow<T>[K]>;
};

/** Everything the device knows about one replicated table; the store's schema, the document type and replication come from it. */
export interface TableDeclaration<T extends DeclaredTableName, S extends DeviceColumn<T>, C extends ColumnsOf<T, S>> {
  table: T;
  /** the local schema's version: bump it with a migration strategy when a column changes how it is stored */
  version: number;
  migrationStrategies?: MigrationStrategies;
  /** pull: the device only reads; push: it only sends (a queue nobody reads back) */
  direction: 'both' | 'pull' | 'push';
  /** who may see a row depends on who is signed in: replication keeps a checkpoint per identity */
  perIdentity: boolean;
  /** visitors have nothing to pull */
  membersOnly: boolean;
  /** a row cannot be read back after insert (default: it can) */
  writeOnly?: boolean;
  /** the device may remove its rows (a soft delete, pushed as `_deleted`) */
  deletable?: boolean;
  /** columns only the server uses (search vectors): never read, so the pull names the columns it wants */
  serverOnly?: readonly S[];
  /**
   * Every other column of the database's row, in the order the store lists them. A column the database does
   * not have, or one it has that is missing here, fails the type check.
   */
  columns: C & Record<Exclude<keyof C, Exclude<DeviceColumn<T>, S>>, never>;
  /** the local indexes the screens' queries use */
  indexes?: readonly (string | readonly string[])[];
  /** fills what `fallback` cannot: a value taken from another column */
  normalize?: (doc: Record<string, unknown>) => void;
  /** what the device keeps, as one PostgREST logic-tree condition; every row when absent */
  filter?: (scope: PullScope) => string;
  /** the same rule for one row arriving on the live stream */
  accepts?: (row: Record<string, unknown>, scope: PullScope) => boolean;
  /** rows the device keeps whatever `filter` says (the member's own profile) */
  alwaysKept?: (scope: PullScope) => string[];
  /**
   * How a write the server answered with another state resolves on the device (RxDB's conflict handler):
   * by default the server's state wins (conflict-handler.ts).
   */
  conflictHandler?: RxConflictHandler<DocumentOf<T, C>>;
  /** which documents go to the server; the others stay on the device (drafts of a refused write) */
  pushes?: (doc: Record<string, unknown>, userId: string | null) => boolean;
  /** its rows are not member writes waiting to be sent (drafts): no outbox entry, nothing to ask about at sign-out */
  untracked?: boolean;
  /**
   * no screen shows its rows live (another member's activity): a community message naming it does not make
   * every open page pull it; the screen that shows it asks (`SyncHandle.pull`), besides the pulls every table
   * gets on a rejoin, a wake-up and the backstop
   */
  pulledWhenShown?: boolean;
  /**
   * its writes go through the outbox and are sent like any other, but they are the app's bookkeeping, not changes the
   * member made (a read point): not counted as "changes waiting", never kept as a draft at sign-out
   */
  bookkeeping?: boolean;
  /** when both devices changed a row, the later value of this timestamp column wins; the other text is kept as a draft */
  newerWins?: DeviceColumn<T>;
}

type RequiredColumn<C> = { [K in keyof C]: C[K] extends { required: true } ? K : never }[keyof C];
type DeviceValue<Row, K extends keyof Row, D> = D extends { type: StoredAs<infer V> } ? V : Row[K];
/** A store field typed to allow null may hold it (documents written before a column became not null, or locally). */
type StoredNull<D> = D extends { field: { type: readonly (infer E)[] } } ? ('null' extends E ? null : never) : never;
type Simplify<O> = { [K in keyof O]: O[K] } & {};

/**
 * The stored document: the database's types, required columns never null, the rest optional (and null where
 * the store allows it), and the server's `_modified` it came from.
 */
export type DocumentOf<T extends DeclaredTableName, C> = Simplify<
  { [K in RequiredColumn<C> & keyof TableRow<T>]: NonNullable<DeviceValue<TableRow<T>, K, C[K]>> } & {
    [K in Exclude<keyof C, RequiredColumn<C>> & keyof TableRow<T>]?: DeviceValue<TableRow<T>, K, C[K]> | StoredNull<C[K]>;
  } & { server_modified?: string | null }
>;

export interface ReplicatedTable<T extends string, Doc> {
  name: T;
  schema: RxJsonSchema<Doc>;
  migrationStrategies: MigrationStrategies;
  /** absent: the server's state wins */
  conflictHandler?: RxConflictHandler<Doc>;
  sync: TableSyncSpec;
}

/** The document type of a declared table. */
export type DocOf<D> = D extends ReplicatedTable<string, infer Doc> ? Doc : never;

/** Derives the local schema, the document type and the replication spec of a table from its one declaration. */
export function defineTable<const T extends DeclaredTableName, const C extends ColumnsOf<T, S>, const S extends DeviceColumn<T> = never>(
  declaration: TableDeclaration<T, S, C>,
): ReplicatedTable<T, DocumentOf<T, C>> {
  const columns = Object.entries(declaration.columns as Record<string, ColumnDeclaration<unknown>>);
  const names = (flag: 'required' | 'insert' | 'update' | 'timestamp' | 'serverMerged') => columns.filter(([, column]) => column[flag]).map(([name]) => name);
  const fallbacks = columns.filter(([, column]) => column.fallback !== undefined).map(([name, column]) => [name, column.fallback] as const);
  const custom = declaration.normalize;

  const properties: Record<string, TopLevelProperty> = Object.fromEntries(columns.map(([name, column]) => [name, column.field]));
  properties.server_modified = SERVER_MODIFIED_FIELD;
  // Key order as the store has always had it, so the schema (and its hash) stays the one devices hold.
  const schema = {
    title: declaration.table,
    version: declaration.version,
    primaryKey: 'id',
    type: 'object',
    properties,
    required: names('required'),
    ...(declaration.indexes ? { indexes: declaration.indexes } : {}),
  } as RxJsonSchema<DocumentOf<T, C>>;

  const sync: TableSyncSpec = {
    // The engine only replicates the entries of the map in ../collections.ts, which files each under this name.
    collection: declaration.table as OutboxCollectionName,
    table: declaration.table,
    direction: declaration.direction,
    perIdentity: declaration.perIdentity,
    membersOnly: declaration.membersOnly,
    readable: !declaration.writeOnly,
    insertColumns: names('insert'),
    updateColumns: [...names('update'), ...(declaration.deletable ? ['_deleted'] : [])],
    timestampFields: names('timestamp'),
  };
  if (declaration.serverOnly?.length) sync.readColumns = [...columns.map(([name]) => name), '_modified', '_deleted'].join(',');
  if (fallbacks.length > 0 || custom) {
    sync.normalize = (doc) => {
      for (const [name, value] of fallbacks) if (doc[name] === null || doc[name] === undefined) doc[name] = value;
      custom?.(doc);
    };
  }
  if (names('serverMerged').length > 0) sync.serverMerged = names('serverMerged');
  if (declaration.filter) sync.filter = declaration.filter;
  if (declaration.accepts) sync.accepts = declaration.accepts;
  if (declaration.alwaysKept) sync.alwaysKept = declaration.alwaysKept;
  if (declaration.pushes) sync.pushes = declaration.pushes;
  if (declaration.newerWins) sync.newerWins = declaration.newerWins;
  if (declaration.untracked) sync.untracked = true;
  if (declaration.pulledWhenShown) sync.pulledWhenShown = true;
  if (declaration.bookkeeping) sync.bookkeeping = true;

  const table: ReplicatedTable<T, DocumentOf<T, C>> = { name: declaration.table, schema, migrationStrategies: declaration.migrationStrategies ?? {}, sync };
  if (declaration.conflictHandler) table.conflictHandler = declaration.conflictHandler;
  return table;
}
