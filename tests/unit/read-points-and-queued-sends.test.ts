// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '@/db/database';
import { outboxId } from '@/db/outbox';
import { queueSend, startQueuedSends, type QueuedSends } from '@/db/queued-sends';
import type { RemoteResult, RemoteTable } from '@/db/replication/remote-table';
import type { Row } from '@/db/replication/row-mapping';
import { sendOne } from '@/db/replication/send-one';
import { TABLE_SPECS } from '@/db/replication/tables';
import { writeReadPoint } from '@/features/discussions/model/read-state';
import { testDatabase } from './db-support/memory-db';

const READ_ID = '7b0e3a34-8b69-5d53-9a2c-0d2b8f6f1a01';

describe('a read point pushed from two devices', () => {
  it("is sent over another device's newer point without a conflict: the database keeps the furthest", async () => {
    const base = {
      id: READ_ID,
      user_id: 'u',
      discussion_id: 'd',
      last_read_at: '2026-11-26T10:00:00.000Z',
      level: null,
      server_modified: 'v1',
      _deleted: false,
    };
    // Meanwhile the phone read further; this device read less far than the phone, but further than its base.
    const server = { ...base, last_read_at: '2026-11-26T12:00:00.000Z', server_modified: 'v2' };
    const mine = { ...base, last_read_at: '2026-11-26T11:00:00.000Z' };
    const sent: Row[] = [];
    const remote = {
      name: 'discussion_reads',
      selectByIds: async () => ({ data: [{ ...server, _modified: 'v2' }], error: null, status: 200 }),
      update: async (_id: string, patch: Row, expected: string): Promise<RemoteResult<Row | null>> => {
        sent.push(patch);
        // The database keeps the greater of the two.
        return expected === 'v2'
          ? { data: { ...server, _modified: 'v3', last_read_at: server.last_read_at }, error: null, status: 200 }
          : { data: null, error: null, status: 200 };
      },
    } as unknown as RemoteTable;
    const outcome = await sendOne(
      {
        spec: TABLE_SPECS.discussion_reads,
        remote,
        toDoc: (row) => ({ ...row, server_modified: row._modified as string, _deleted: false }),
        isWaiting: async () => true,
        fkFailures: new Map(),
      },
      mine,
      { ...base },
    );
    // A conflict would keep the member's "text" as a draft and revert: a read point has none to keep.
    expect(outcome.type).toBe('ok');
    // First against the version it was read on, then, seeing the phone's, against that one.
    expect(sent.at(-1)).toEqual({ last_read_at: '2026-11-26T11:00:00.000Z' });
  });
});

describe('a read point written twice before the screen saw the first write', () => {
  it('keeps the further point: the second write moves the record the first one made', async () => {
    const db = await testDatabase();
    try {
      // Both flushes find no record on screen yet: the store had not answered the first insert's change.
      await writeReadPoint(db, 'u', 'd', undefined, { lastReadAt: '2026-11-26T10:00:00.000Z', readCount: 2 });
      await writeReadPoint(db, 'u', 'd', undefined, { lastReadAt: '2026-11-26T10:00:00.029Z', readCount: 3 });
      const docs = await db.discussion_reads.find().exec();
      expect(docs.map((d) => [d.last_read_at, d.read_count])).toEqual([['2026-11-26T10:00:00.029Z', 3]]);
    } finally {
      await db.close();
    }
  });
});

describe('send-only writes (the contact form)', () => {
  let db: AppDatabase | undefined;
  let sends: QueuedSends | undefined;
  afterEach(async () => {
    sends?.stop();
    await db?.close();
    db = undefined;
  });

  const message = (id: string) => ({ id, name: 'Ana', email: 'ana@example.test', subject: 'Booking', message: 'Hello', user_id: null });

  async function stateOf(id: string): Promise<{ state: string; reason?: string | null } | undefined> {
    const doc = await db!.outbox.findOne(outboxId('contact_messages', id)).exec();
    return doc ? { state: doc.state, reason: doc.reason } : undefined;
  }

  async function until(check: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
  }

  it('live only in their outbox record until the server has them, then say sent; a refusal keeps the reason', async () => {
    db = await testDatabase();
    const inserted: Row[] = [];
    let answer: RemoteResult<Row | null> = { data: null, error: null, status: 0 };
    const remote = {
      name: 'contact_messages',
      insert: async (row: Row, returnRow: boolean) => {
        expect(returnRow).toBe(false);
        if (!answer.error && answer.status !== 0) inserted.push(row);
        return answer;
      },
    } as unknown as RemoteTable;

    // Offline: the message waits, on the device only as its record.
    answer = { data: null, error: { message: 'Failed to fetch' }, status: 0 };
    sends = startQueuedSends(db, {} as never, () => remote);
    await queueSend(db, 'contact_messages', message('11111111-1111-4111-8111-111111111111'));
    await until(async () => (await stateOf('11111111-1111-4111-8111-111111111111'))?.state === 'waiting');
    expect(await stateOf('11111111-1111-4111-8111-111111111111')).toMatchObject({ state: 'waiting' });
    expect(inserted).toHaveLength(0);
    expect(Object.keys(db.collections)).not.toContain('contact_messages');

    // Back online: sent once, with exactly the columns the form filled.
    answer = { data: null, error: null, status: 201 };
    window.dispatchEvent(new Event('online'));
    await until(async () => (await stateOf('11111111-1111-4111-8111-111111111111'))?.state === 'sent');
    expect(await stateOf('11111111-1111-4111-8111-111111111111')).toMatchObject({ state: 'sent' });
    expect(inserted).toEqual([message('11111111-1111-4111-8111-111111111111')]);

    // Refused for good (too many messages): the record says why, and it is not sent again.
    answer = { data: null, error: { code: 'P0001', message: 'Too many messages, try again later.' }, status: 400 };
    await queueSend(db, 'contact_messages', message('22222222-2222-4222-8222-222222222222'));
    await until(async () => (await stateOf('22222222-2222-4222-8222-222222222222'))?.state === 'rejected');
    expect(await stateOf('22222222-2222-4222-8222-222222222222')).toEqual({ state: 'rejected', reason: 'Too many messages, try again later.' });
  });
});
