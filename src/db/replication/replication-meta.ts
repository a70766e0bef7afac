import {
  defaultHashSha256,
  getRxReplicationMetaInstanceSchema,
  type RxDocumentData,
  type RxJsonSchema,
  type RxStorage,
  type RxStorageInstance,
  type WithDeleted,
} from 'rxdb';

/** A record of RxDB's replication: the server's state of one document (`<id>|0`) or a checkpoint (`down|1`, `up|1`). */
export interface ReplicationMetaDoc {
  id: string;
  isCheckpoint: '0' | '1';
  itemId: string;
  docData?: WithDeleted<Record<string, unknown>>;
  checkpointData?: unknown;
  isResolvedConflict?: string;
}

/** The meta record holding the server's state of document `id`. */
export const assumedStateId = (id: string) => `${id}|0`;

/**
 * Opens the storage RxDB's replication of `collectionName` keeps its checkpoints and the server's state of each
 * document in, named as RxDB names it (the database's default sha256 of collection and replication identifier).
 * For code that reaches the store below RxDB's document API: the service worker, and "Free space".
 */
export async function openReplicationMeta<D>(
  storage: RxStorage<unknown, unknown>,
  options: { databaseName: string; collectionName: string; schema: RxJsonSchema<RxDocumentData<D>>; identifier: string; token: string; settings: unknown },
): Promise<RxStorageInstance<ReplicationMetaDoc, unknown, unknown>> {
  const name = `rx-replication-meta-${await defaultHashSha256([options.collectionName, options.identifier].join('-'))}`;
  return storage.createStorageInstance({
    databaseInstanceToken: options.token,
    databaseName: options.databaseName,
    collectionName: name,
    schema: getRxReplicationMetaInstanceSchema(options.schema as never, false) as never,
    options: options.settings,
    multiInstance: false,
    devMode: false,
  }) as Promise<RxStorageInstance<ReplicationMetaDoc, unknown, unknown>>;
}
