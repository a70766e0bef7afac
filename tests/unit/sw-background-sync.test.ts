import 'fake-indexeddb/auto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { createRevision } from 'rxdb';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '@/db/database';
import { setLocalIdentity } from '@/db/identity';
import { SYNC_MESSAGES } from '@/db/messages';
import type { SyncHandle } from '@/db/replication/sync';
import { insertLocal } from '@/db/writes';
import { queueSend } from '@/db/queued-sends';
import { editPost } from '@/features/discussions/model/writes';
import { readBackgroundOutcome, takeUntoldOutcomes, logBackgroundOutcome, type BackgroundOutcome } from '@/lib/worker-store';
import { openOutboxQueue } from '../../sw/outbox-queue';
import { sendQueued } from '../../sw/outbox-sender';
import { testDatabase } from './db-support/memory-db';
import { nextModified, StubTable } from './db-support/stub-remote';
import { stubSyncOptions, until } from './db-support/sync';
import { startSync } from '@/db/replication/sync';
import { withSendLock } from '@/db/send-lock';
import { tellBackgroundOutcomes, watchBackgroundOutcomes } from '@/app/pwa/background-sync';
import { BACKGROUND_OUTCOMES_CHANNEL, BACKGROUND_SYNC_TEXT } from '@/app/pwa/constants';
import { REJECTED_NOTICE } from '@/app/data/constants';
import { ToldRefusals } from '@/app/data/rejection-notice';
import { useToastStore } from '@/stores/toast-store';

const LOCKED = 'This discussion is locked. No new replies can be added.';
const me = crypto.randomUUID();
const thread = crypto.randomUUID();

let db: AppDatabase | undefined;
let sync: SyncHandle | undefined;
afterEach(async () => {
  await sync?.stop();
  await db?.close();
  sync = undefined;
  db = undefined;
});

/** The page's device: the member's writes go through the app's write path; nothing replicates. */
async function device(name = `bg${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`) {
  db = await testDatabase({ name });
  setLocalIdentity(db, me);
  return { name, db };
}

const reply = (page: AppDatabase, content: string) => insertLocal(page, 'posts', { discussion_id: thread, user_id: me, content, is_solution: false });

/** A post the device pulled from the server earlier (its version recorded), as replication writes it: not a member's write. */
async function pulledPost(page: AppDatabase, posts: StubTable, content: string) {
  const row = posts.put({ id: crypto.randomUUID(), discussion_id: thread, user_id: me, content, is_solution: false, created_at: new Date().toISOString() });
  const { _modified, ...doc } = row;
  const document = { ...doc, server_modified: _modified, _deleted: false, _attachments: {}, _meta: { lwt: Date.now() }, _rev: createRevision(page.token) };
  await page.posts.storageInstance.bulkWrite([{ document: document as never }], 'pull');
  return String(row.id);
}

/** What the service worker does on `sync`, against the page's closed database. */
async function workerSends(name: string, posts: StubTable) {
  const logged: BackgroundOutcome[] = [];
  const queue = await openOutboxQueue({ indexedDB, IDBKeyRange }, name);
  try {
    const result = await sendQueued({
      queue,
      userId: me,
      remoteFor: () => posts,
      log: async (entry) => {
        logged.push(entry);
        await logBackgroundOutcome(entry);
      },
    });
    return { result, logged };
  } finally {
    await queue.close();
  }
}

describe("the service worker's send path", () => {
  it('sends a queued reply once, keeps a refused one as a draft with the reason, and the app reads both outcomes on open', async () => {
    const { name, db: page } = await device();
    const posts = new StubTable('posts');
    const fine = await reply(page, 'see you at the gig');
    const refused = await reply(page, 'too late for this thread');
    posts.scripted.set(refused.id, [{ error: { code: 'P0001', message: LOCKED }, status: 400 }]);
    await page.close();
    db = undefined;

    const { result, logged } = await workerSends(name, posts);
    expect(result).toEqual({ sent: 1, refused: 1, left: 0 });
    expect(posts.inserts.map((row) => row.content)).toEqual(['see you at the gig']);
    expect(logged.map((entry) => [entry.docId, entry.outcome, entry.reason])).toEqual([
      [fine.id, 'sent', null],
      [refused.id, 'rejected', LOCKED],
    ]);

    // The app opens again: what the worker recorded is what its store says.
    const reopened = (await device(name)).db;
    expect((await reopened.outbox.findOne(`posts:${fine.id}`).exec())?.state).toBe('sent');
    const refusedRecord = await reopened.outbox.findOne(`posts:${refused.id}`).exec();
    expect([refusedRecord?.state, refusedRecord?.reason]).toEqual(['rejected', LOCKED]);
    const draft = await reopened.drafts.findOne(`rejected:posts:${refused.id}`).exec();
    expect([draft?.kind, draft?.key, draft?.content, draft?.reason, draft?.user_id]).toEqual(['rejected', thread, 'too late for this thread', LOCKED, me]);
    // Nothing left for a second run to send.
    expect((await workerSends(name, posts)).result).toEqual({ sent: 0, refused: 0, left: 0 });
  });

  it("an edit that meets another device's newer text keeps the server's and saves the member's as a conflict draft", async () => {
    const { name, db: page } = await device();
    const posts = new StubTable('posts');
    const id = await pulledPost(page, posts, 'set times: 22:00');
    await editPost(page, id, 'set times: 23:00');
    // Another device changed the same text meanwhile.
    posts.put({ ...posts.rows.get(id), content: 'set times: 21:00', _modified: nextModified() });
    await page.close();
    db = undefined;

    const { result } = await workerSends(name, posts);
    expect(result).toEqual({ sent: 0, refused: 1, left: 0 });
    expect(posts.rows.get(id)?.content).toBe('set times: 21:00');
    const reopened = (await device(name)).db;
    const record = await reopened.outbox.findOne(`posts:${id}`).exec();
    expect([record?.state, record?.reason]).toEqual(['conflict', SYNC_MESSAGES.conflict]);
    const draft = await reopened.drafts.findOne(`conflict:posts:${id}`).exec();
    expect([draft?.kind, draft?.content]).toEqual(['conflict', 'set times: 23:00']);
  });

  it('sends a contact message queued offline, which has no collection of its own, instead of leaving it waiting forever', async () => {
    const { name, db: page } = await device();
    const messages = new StubTable('contact_messages');
    const id = crypto.randomUUID();
    await queueSend(page, 'contact_messages', {
      id,
      name: 'Ana',
      email: 'ana@example.test',
      subject: 'Booking',
      message: 'Are you free on Friday?',
      user_id: me,
    });
    await page.close();
    db = undefined;

    const { result } = await workerSends(name, messages);
    expect(result).toEqual({ sent: 1, refused: 0, left: 0 });
    expect(messages.inserts.map((row) => [row.id, row.message])).toEqual([[id, 'Are you free on Friday?']]);
    const reopened = (await device(name)).db;
    expect((await reopened.outbox.findOne(`contact_messages:${id}`).exec())?.state).toBe('sent');
  });

  it('with no connection the writes stay waiting for the next sync', async () => {
    const { name, db: page } = await device();
    const posts = new StubTable('posts');
    posts.offline = true;
    const queued = await reply(page, 'no signal here');
    await page.close();
    db = undefined;
    expect((await workerSends(name, posts)).result).toEqual({ sent: 0, refused: 0, left: 1 });
    const reopened = (await device(name)).db;
    expect((await reopened.outbox.findOne(`posts:${queued.id}`).exec())?.state).toBe('waiting');
  });

  it('the page does not send again what the worker sent, and the member is told once', async () => {
    const { name, db: page } = await device();
    const posts = new StubTable('posts');
    const asked: string[] = [];
    const insert = posts.insert.bind(posts);
    posts.insert = (row, returnRow) => {
      asked.push(String(row.id));
      return insert(row, returnRow);
    };
    // Written with the app open and no connection: the page's push keeps retrying it.
    posts.offline = true;
    sync = startSync({ ...stubSyncOptions(page, () => posts), userId: me, collections: ['posts'] });
    const queued = await reply(page, 'sent with the app closed');
    await until(() => asked.includes(queued.id));
    // The member closes the app; the worker sends once the connection is back.
    await sync.stop();
    sync = undefined;
    await page.close();
    db = undefined;
    posts.offline = false;
    asked.length = 0;
    await workerSends(name, posts);
    expect(asked).toEqual([queued.id]);
    expect(await readBackgroundOutcome(`posts:${queued.id}`)).toMatchObject({ outcome: 'sent', told: false });

    // The app opens and replicates: as far as RxDB knows, the reply was never pushed.
    const reopened = (await device(name)).db;
    sync = startSync({ ...stubSyncOptions(reopened, () => posts), userId: me, collections: ['posts'] });
    await sync.awaitInSync();
    // A reply written now still leaves from the page: only what the worker sent is left out.
    const next = await reply(reopened, 'written after opening');
    await until(async () => (await reopened.outbox.findOne(`posts:${next.id}`).exec())?.state === 'sent');
    expect(asked).toEqual([queued.id, next.id]);
    expect((await reopened.outbox.findOne(`posts:${queued.id}`).exec())?.state).toBe('sent');

    const told = await takeUntoldOutcomes();
    expect(told.map((entry) => entry.docId)).toContain(queued.id);
    expect((await takeUntoldOutcomes()).map((entry) => entry.docId)).not.toContain(queued.id);
  });

  it('a refusal the worker logs while the app is opening is still told once the worker is done', async () => {
    const { name, db: page } = await device();
    const posts = new StubTable('posts');
    const refused = await reply(page, 'swap slots?');
    posts.scripted.set(refused.id, [{ error: { code: 'P0001', message: LOCKED }, status: 400 }]);
    await page.close();
    db = undefined;
    await takeUntoldOutcomes();

    // The worker is sending under the lock as the app opens and asks what happened while it was closed.
    let letGo = () => {};
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const sending = withSendLock(async () => {
      await held;
      return workerSends(name, posts);
    });
    const telling = tellBackgroundOutcomes(() => undefined);
    letGo();
    await sending;
    expect((await telling).map((entry) => [entry.docId, entry.outcome])).toEqual([[refused.id, 'rejected']]);
    expect(useToastStore.getState().toasts.map((shown) => shown.title)).toContain(REJECTED_NOTICE.title);
  });

  it("read points the worker sent are not counted as the member's changes", async () => {
    await nothingToldYet();
    const reply = await workerLogged('posts', crypto.randomUUID(), 'sent');
    await workerLogged('discussion_reads', `${me}:${thread}`, 'sent');
    expect((await tellBackgroundOutcomes(() => undefined)).map((entry) => entry.docId)).toEqual([reply]);
    expect(notices(BACKGROUND_SYNC_TEXT.sentTitle).map((toast) => toast.description)).toEqual([BACKGROUND_SYNC_TEXT.sentDescription(1)]);
  });

  it('a page already running is told when the worker says it logged more, once', async () => {
    await nothingToldYet();
    const watching = watchBackgroundOutcomes(() => undefined, new ToldRefusals());
    try {
      const reply = await workerLogged('posts', crypto.randomUUID(), 'rejected');
      const worker = new BroadcastChannel(BACKGROUND_OUTCOMES_CHANNEL);
      worker.postMessage('logged');
      await until(() => notices(REJECTED_NOTICE.title).length > 0);
      worker.postMessage('logged');
      worker.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(notices(REJECTED_NOTICE.title)).toHaveLength(1);
      expect((await readBackgroundOutcome(`posts:${reply}`))?.told).toBe(true);
    } finally {
      watching.unsubscribe();
    }
  });

  it("a refusal this page told of already, from the worker's draft, is not told again from the worker's log", async () => {
    await nothingToldYet();
    const told = new ToldRefusals();
    const reply = await workerLogged('posts', crypto.randomUUID(), 'rejected');
    // The page's notice of new drafts met the worker's draft first.
    told.take([`rejected:posts:${reply}`], (id) => id);
    await tellBackgroundOutcomes(() => undefined, told);
    expect(notices(REJECTED_NOTICE.title)).toHaveLength(0);
    // One first met in the worker's log is told there, and not again by the page's notice.
    const other = await workerLogged('posts', crypto.randomUUID(), 'rejected');
    await tellBackgroundOutcomes(() => undefined, told);
    expect(notices(REJECTED_NOTICE.title)).toHaveLength(1);
    expect(told.take([`rejected:posts:${other}`], (id) => id)).toEqual([]);
  });
});

/** Outcomes of earlier tests marked told, and no notice on screen. */
async function nothingToldYet(): Promise<void> {
  await takeUntoldOutcomes();
  useToastStore.setState({ toasts: [] });
}

/** What the worker logs as it settles one write (locked thread as the reason of a refusal); resolves with the row's id. */
async function workerLogged(collection: string, docId: string, outcome: BackgroundOutcome['outcome']): Promise<string> {
  const reason = outcome === 'sent' ? null : LOCKED;
  await logBackgroundOutcome({ id: `${collection}:${docId}`, collection, docId, outcome, reason, at: new Date().toISOString(), told: false });
  return docId;
}

/** The notices on screen with this title. */
const notices = (title: string) => useToastStore.getState().toasts.filter((toast) => toast.title === title);
