import type { SupabaseClient } from '@supabase/supabase-js';
import { QUEUED_TABLES, type QueuedTableName } from './collections';
import type { AppDatabase } from './database';
import { getLocalIdentity } from './identity';
import { outboxId, setOutboxState } from './outbox';
import { supabaseTable, type RemoteTable } from './replication/remote-table';
import { sendArgsOf, sendOne, type SendContext } from './replication/send-one';
import { QUEUED_TABLE_SPECS as SPECS } from './queued-tables';

const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 60_000;

let wake: (() => void) | null = null;

/**
 * Queues a row for a send-only table: its outbox record (state waiting) holds everything to send, so
 * the device keeps no copy of the table. Resolves once the record is stored; the sender started by
 * `startQueuedSends` delivers it, now when online, else when the connection is back.
 */
export async function queueSend(db: AppDatabase, table: QueuedTableName, row: { id: string } & Record<string, unknown>): Promise<void> {
  const columns: Record<string, unknown> = {};
  for (const column of SPECS[table].insertColumns) if (column in row) columns[column] = row[column];
  await db.outbox.insert({
    id: outboxId(table, row.id),
    collection_name: table,
    doc_id: row.id,
    state: 'waiting',
    reason: null,
    user_id: getLocalIdentity(db),
    updated_at: new Date().toISOString(),
    op: 'insert',
    columns,
    previous: {},
    base: null,
  });
  wake?.();
}

export interface QueuedSends {
  stop(): void;
}

/**
 * Sends every waiting record of a send-only table, one at a time, with the same rules as replication's
 * push (`sendOne`): sent, refused for good (the server's reason on the record), or tried again with
 * back-off and at once when the browser is back online.
 */
export function startQueuedSends(
  db: AppDatabase,
  client: SupabaseClient,
  remoteFor: (table: string) => RemoteTable = (t) => supabaseTable(client, t),
): QueuedSends {
  let stopped = false;
  let running = false;
  let again = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const contexts = new Map<QueuedTableName, SendContext>();
  const contextOf = (table: QueuedTableName): SendContext => {
    let context = contexts.get(table);
    if (!context) {
      context = {
        spec: SPECS[table],
        remote: remoteFor(table),
        toDoc: (row) => ({ ...row, _deleted: false }),
        isWaiting: async () => true,
        fkFailures: new Map(),
      };
      contexts.set(table, context);
    }
    return context;
  };

  async function sendWaiting(): Promise<void> {
    if (stopped || db.closed) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    clearTimeout(timer);
    let retry = false;
    try {
      const records = await db.outbox
        .find({ selector: { state: 'waiting', collection_name: { $in: [...QUEUED_TABLES] } }, sort: [{ updated_at: 'asc' }] })
        .exec();
      for (const record of records) {
        if (stopped || db.closed) return;
        const table = record.collection_name as QueuedTableName;
        const args = sendArgsOf(record.toJSON());
        if (!args) continue;
        const outcome = await sendOne(contextOf(table), args.doc, args.assumed);
        if (outcome.type === 'ok') await setOutboxState(db, table, record.doc_id, 'sent');
        else if (outcome.type === 'rejected') await setOutboxState(db, table, record.doc_id, 'rejected', outcome.reason);
        else if (outcome.type === 'transient') retry = true;
      }
    } catch {
      retry = true;
    } finally {
      running = false;
    }
    if (again) {
      again = false;
      void sendWaiting();
    } else if (retry && !stopped) {
      timer = setTimeout(() => void sendWaiting(), Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** attempt));
      attempt += 1;
    } else attempt = 0;
  }

  const kick = () => void sendWaiting();
  wake = kick;
  if (typeof window !== 'undefined') window.addEventListener('online', kick);
  kick();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      if (wake === kick) wake = null;
      if (typeof window !== 'undefined') window.removeEventListener('online', kick);
    },
  };
}
