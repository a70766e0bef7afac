import type { RxCollection, RxReplicationPullStreamItem, WithDeleted } from 'rxdb';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import { Subject } from 'rxjs';
import type { ReplicatedCollectionName } from '../collections';
import type { Checkpoint } from './remote-table';

/** How many times rows handed to a stream outside the checkpointed order are handed over before giving up. */
const DELIVERY_ATTEMPTS = 3;

export type StreamItem = RxReplicationPullStreamItem<unknown, Checkpoint>;

const idOf = (doc: WithDeleted<unknown>): string => (doc as unknown as { id: string }).id;

/**
 * The pull streams of one run: the way rows that do not come from a checkpointed page (live rows, a thread
 * opened now, what a push got back) reach a table's store.
 */
export class TableStreams {
  private readonly streams = new Map<ReplicatedCollectionName, Subject<StreamItem>>();
  /** Rows being delivered, by table and id, for the table's running pull to hand over with its next slice. */
  private readonly carried = new Map<ReplicatedCollectionName, Map<string, WithDeleted<unknown>>>();

  open(name: ReplicatedCollectionName): Subject<StreamItem> {
    const stream = new Subject<StreamItem>();
    this.streams.set(name, stream);
    return stream;
  }

  has(name: ReplicatedCollectionName): boolean {
    return this.streams.has(name);
  }

  emit(name: ReplicatedCollectionName, documents: WithDeleted<unknown>[]): void {
    // An empty checkpoint leaves the stored one as it is: these rows are outside the checkpointed order.
    this.streams.get(name)?.next({ documents, checkpoint: {} as Checkpoint });
  }

  /**
   * The rows being delivered to `name` that no pull has handed over yet; taken, so each goes once. The table's
   * pull handler calls it as it hands over a slice.
   */
  takeCarried(name: ReplicatedCollectionName): WithDeleted<unknown>[] {
    const carried = this.carried.get(name);
    if (!carried || carried.size === 0) return [];
    this.carried.delete(name);
    return [...carried.values()];
  }

  private carry(name: ReplicatedCollectionName, documents: WithDeleted<unknown>[]): void {
    const carried = this.carried.get(name) ?? new Map<string, WithDeleted<unknown>>();
    for (const doc of documents) carried.set(idOf(doc), doc);
    this.carried.set(name, carried);
  }

  private withdraw(name: ReplicatedCollectionName, documents: WithDeleted<unknown>[]): void {
    const carried = this.carried.get(name);
    for (const doc of documents) if (carried?.get(idOf(doc)) === doc) carried.delete(idOf(doc));
  }

  /**
   * Hands rows fetched outside the checkpointed order to the stream and makes sure they land. RxDB drops a
   * stream event that arrived before its running pull asked the server for another page (it assumes that
   * page has it), and holds any other until that pull has ended: during a long first pull a thread opened
   * would show only when the whole pull was done. So the rows also ride with the running pull's next slice,
   * seconds later at most.
   */
  async deliver(
    name: ReplicatedCollectionName,
    collection: RxCollection<unknown>,
    state: RxReplicationState<unknown, Checkpoint> | undefined,
    documents: WithDeleted<unknown>[],
    isStopped: () => boolean,
  ): Promise<void> {
    let pending = documents;
    for (let attempt = 1; pending.length > 0 && !isStopped(); attempt++) {
      this.emit(name, pending);
      if (!state || attempt === DELIVERY_ATTEMPTS) return;
      this.carry(name, pending);
      await state.awaitInSync();
      // What no pull took by now is not handed over later, when the server may hold a newer version.
      this.withdraw(name, pending);
      const held = await collection.findByIds(pending.map(idOf)).exec();
      pending = pending.filter((doc) => !held.has(idOf(doc)));
    }
  }

  complete(): void {
    for (const stream of this.streams.values()) stream.complete();
  }
}
