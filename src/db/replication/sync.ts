import type { ReplicatedCollectionName } from '../collections';
import { SyncEngine, type StartSyncOptions, type TableReplication } from './engine';

export type { StartSyncOptions, TableReplication } from './engine';
export { PULL_SLICE } from './table-replication';

export interface SyncHandle {
  readonly userId: string | null;
  readonly states: Partial<Record<ReplicatedCollectionName, TableReplication>>;
  /** Fetches a thread's posts now (on visit) and keeps the thread syncing; resolves with the number of posts fetched. */
  ensureThread(discussionId: string): Promise<number>;
  /** The thread's screen closed: its rows stop arriving live (the thread stays kept and pulled). */
  releaseThread(discussionId: string): void;
  /** Resolves when every replication has pulled and pushed what it can right now. */
  awaitInSync(): Promise<void>;
  /**
   * Resolves once every collection has pulled what was there when replication
   * started, including the posts of the threads the device keeps (which are
   * only known once the discussions have arrived).
   */
  whenStoreReady(): Promise<void>;
  /** Pull again from the checkpoints (e.g. after the browser came back online). */
  resync(): void;
  /** Pull one table now: a screen showing a table that is pulled when shown (see the table's declaration). */
  pull(name: ReplicatedCollectionName): void;
  /** Stops replicating. `forgetIdentity` also deletes the checkpoints of identity-dependent tables (sign-out). */
  stop(options?: { forgetIdentity?: boolean }): Promise<void>;
}

/**
 * Starts replication of every collection for one identity. Restart it with
 * the new identity on sign-in and sign-out (SyncController does).
 */
export function startSync(options: StartSyncOptions): SyncHandle {
  const engine = new SyncEngine(options);
  return {
    userId: engine.userId,
    states: engine.states,
    whenStoreReady: () => engine.whenStoreReady(),
    async ensureThread(discussionId) {
      // A visit is the posts' rule: it keeps the thread from now on.
      const ensure = engine.rulesOf('posts')?.ensure;
      if (!ensure) throw new Error('This replication does not keep posts.');
      return ensure(discussionId);
    },
    releaseThread(discussionId) {
      engine.live()?.unwatchThread(discussionId);
    },
    awaitInSync: () => engine.awaitInSync(),
    resync: () => engine.resync(),
    pull: (name) => engine.reSync(name),
    stop: (stopOptions) => engine.stop(stopOptions),
  };
}
