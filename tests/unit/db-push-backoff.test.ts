import type { RxJsonSchema, RxReplicationWriteToMasterRow } from 'rxdb';
import { Subject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '@/db/database';
import { createPushHandler } from '@/db/replication/push';
import { TABLE_SPECS } from '@/db/replication/tables';
import { testDatabase } from './db-support/memory-db';
import { StubTable } from './db-support/stub-remote';

let db: AppDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

/** A reply written offline, as RxDB hands it to the push handler. */
function replyRow(id: string): RxReplicationWriteToMasterRow<unknown> {
  return {
    newDocumentState: {
      id,
      discussion_id: crypto.randomUUID(),
      user_id: crypto.randomUUID(),
      content: 'Sent from the gig',
      is_solution: false,
      created_at: new Date().toISOString(),
      _deleted: false,
    },
  } as unknown as RxReplicationWriteToMasterRow<unknown>;
}

describe('a push backing off after a failed send', () => {
  it("goes again as soon as a live topic's join says the server answers, not when its back-off runs out", async () => {
    db = await testDatabase();
    const remote = new StubTable('posts');
    remote.offline = true;
    const serverAnswers = new Subject<void>();
    const push = createPushHandler({
      spec: TABLE_SPECS.posts,
      remote,
      db,
      schema: db.posts.schema.jsonSchema as RxJsonSchema<unknown>,
      isStopped: () => false,
      // long enough that only the join can end the wait within the test
      retryBaseMs: 60_000,
      serverAnswers,
    });
    const id = crypto.randomUUID();
    const pushed = push([replyRow(id)]);
    // the first send fails (no network) and the handler starts its back-off
    await new Promise((r) => setTimeout(r, 200));
    expect(remote.inserts).toHaveLength(0);
    remote.offline = false;
    const joinedAt = Date.now();
    serverAnswers.next();
    await pushed;
    expect(Date.now() - joinedAt).toBeLessThan(2_000);
    expect(remote.inserts.map((r) => r.id)).toEqual([id]);
  });
});
