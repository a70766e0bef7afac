/**
 * Sends what the member queued, from the outbox records alone, and records each outcome as the page's push does:
 * sent; a conflict (the server's version wins, the member's text kept as a draft); refused for good (the server's
 * reason on the record, the text kept as a draft). A failure worth retrying leaves the write waiting. The caller
 * holds the send lock, so the page never sends the same write meanwhile.
 */
import type { RxJsonSchema } from 'rxdb';
import { REPLICATED_TABLES, type ReplicatedCollectionName } from '../src/db/collections';
import type { RemoteTable } from '../src/db/replication/remote-table';
import { rowToDoc, type Row } from '../src/db/replication/row-mapping';
import { differing, draftOf, sendArgsOf, sendOne, type SendContext } from '../src/db/replication/send-one';
import { TABLE_SPECS, type TableSyncSpec } from '../src/db/replication/tables';
import { SYNC_MESSAGES } from '../src/db/messages';
import type { BackgroundOutcome } from '../src/lib/worker-store';
import { outboxId } from '../src/db/schemas/outbox';
import { isQueuedTable, QUEUED_TABLE_SPECS } from '../src/db/queued-tables';
import type { OutboxQueue } from './outbox-queue';

export interface SendQueuedOptions {
  queue: OutboxQueue;
  remoteFor: (spec: TableSyncSpec) => RemoteTable;
  userId: string;
  /** records each finished write for the member's notice on the next open */
  log: (entry: BackgroundOutcome) => Promise<void>;
  now?: () => string;
}

export interface SendQueuedResult {
  sent: number;
  refused: number;
  /** writes still waiting (no connection, a server error worth retrying) */
  left: number;
}

const isReplicated = (name: string): name is ReplicatedCollectionName => name in TABLE_SPECS;

export async function sendQueued(options: SendQueuedOptions): Promise<SendQueuedResult> {
  const { queue, userId } = options;
  const at = options.now ?? (() => new Date().toISOString());
  const result: SendQueuedResult = { sent: 0, refused: 0, left: 0 };
  const fkFailures = new Map<string, number>();
  for (const record of await queue.waiting(userId)) {
    const collection = record.collection_name;
    const args = sendArgsOf(record);
    // A record kept before operations were recorded: only the page, which has the document, can send it.
    if (!(isReplicated(collection) || isQueuedTable(collection)) || !args) {
      result.left += 1;
      continue;
    }
    const queued = isQueuedTable(collection);
    const spec = queued ? QUEUED_TABLE_SPECS[collection as keyof typeof QUEUED_TABLE_SPECS] : TABLE_SPECS[collection as ReplicatedCollectionName];
    const context: SendContext = {
      spec,
      remote: options.remoteFor(spec),
      fkFailures,
      // A send-only table has no collection: its row is the record's columns. Every replicated table's schema
      // describes flat rows; TypeScript cannot narrow the union of schemas by `collection`.
      toDoc: isQueuedTable(collection)
        ? (row: Row) => ({ ...row, _deleted: false })
        : (row: Row) => rowToDoc<Row>(spec, REPLICATED_TABLES[collection].schema as unknown as RxJsonSchema<Row>, row),
      isWaiting: (id) => queue.isWaiting(outboxId(collection, id)),
    };
    const outcome = await sendOne(context, args.doc, args.assumed);
    const when = at();
    const finish = async (state: 'sent' | 'rejected' | 'conflict', reason: string | null) => {
      const settled = await queue.settle(record, state, reason, when);
      if (settled) await options.log({ id: record.id, collection, docId: record.doc_id, outcome: state, reason, at: settled.updated_at, told: false });
    };
    switch (outcome.type) {
      case 'ok':
      case 'adopted':
        await finish('sent', null);
        result.sent += 1;
        break;
      case 'conflict':
        await queue.keepDraft(draftOf(spec, 'conflict', args.doc, outcome.lostFields, SYNC_MESSAGES.conflict, record.user_id ?? userId, when));
        await finish('conflict', SYNC_MESSAGES.conflict);
        result.refused += 1;
        break;
      case 'rejected': {
        const fields = args.assumed ? differing(spec.updateColumns, args.doc, args.assumed) : spec.insertColumns;
        // A send-only table's refusal is the reason on its record, which its form shows, as the page's sender does.
        if (!queued) await queue.keepDraft(draftOf(spec, 'rejected', args.doc, fields, outcome.reason, record.user_id ?? userId, when));
        await finish('rejected', outcome.reason);
        result.refused += 1;
        break;
      }
      case 'transient':
        result.left += 1;
        break;
    }
  }
  return result;
}
