import type { RxDocument } from 'rxdb';
import type { AppDocTypes, ReplicatedCollectionName } from './collections';
import type { AppDatabase } from './database';
import { mutate } from './mutate';

/** Fields the data layer fills in; the server replaces timestamps with its own when the write lands. */
type Filled = 'id' | 'created_at' | 'server_modified';

export type NewDoc<K extends ReplicatedCollectionName> = Omit<AppDocTypes[K], Filled> & Partial<Pick<AppDocTypes[K], Extract<Filled, keyof AppDocTypes[K]>>>;

/**
 * Writes a new document locally through the write path; replication pushes
 * it when it can. The id is generated here so a retried push can never
 * create a second row.
 */
export async function insertLocal<K extends ReplicatedCollectionName>(db: AppDatabase, collection: K, doc: NewDoc<K>): Promise<RxDocument<AppDocTypes[K]>> {
  const now = new Date().toISOString();
  const schemaProps = db[collection].schema.jsonSchema.properties as Record<string, unknown>;
  const full: Record<string, unknown> = { id: crypto.randomUUID(), created_at: now, ...doc, server_modified: null };
  if ('updated_at' in schemaProps && full.updated_at === undefined) full.updated_at = now;
  // Built from the collection's document type above, with the filled fields added.
  const built = full as unknown as AppDocTypes[K] & { id: string };
  await mutate(db, { op: 'insert', collection, doc: built });
  // Read back as the store keeps it; TypeScript cannot narrow db[collection] by K.
  const stored = await (db[collection] as unknown as { findOne(id: string): { exec(): Promise<RxDocument<AppDocTypes[K]> | null> } }).findOne(built.id).exec();
  if (!stored) throw new Error(`${collection}: the new document is not in the store`);
  return stored;
}
