/**
 * Helpers of the offline and PWA journeys (tests/e2e/offline*.spec.ts): data
 * set up through the real API, the database read with pg, and what the
 * browser's IndexedDB holds read straight from IndexedDB.
 */
import { expect, type Page } from '@playwright/test';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { serviceClient } from '../support/standins/e2e-session';
import { LAUNCH_MARKUP_CACHE, launchMarkupKey } from '../../src/lib/launch-markup';

export function dbUrl(): string {
  const url = process.env.E2E_DB_URL;
  if (!url) throw new Error('E2E_DB_URL is not set: run with E2E_STACK=1');
  return url;
}

/** One query on the stack's database, as the superuser: what the server really holds. */
export async function sql<T extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: dbUrl() });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export async function memberIdOf(username: string): Promise<string> {
  const rows = await sql<{ id: string }>('select id from public.profiles where username = $1', [username]);
  if (!rows[0]) throw new Error(`no member ${username}`);
  return rows[0].id;
}

export interface SeededThread {
  id: string;
  title: string;
  posts: { id: string; content: string }[];
}

/** A discussion with posts, written through the API with the service role (a setup step, not the subject). */
export async function createThread(
  authorId: string,
  posts: { authorId: string; content: string }[],
  title = `Offline gig ${randomUUID().slice(0, 8)}`,
): Promise<SeededThread> {
  const service = serviceClient();
  const id = randomUUID();
  const { error } = await service.from('discussions').insert({ id, user_id: authorId, title, category: 'Events & Gigs' });
  if (error) throw error;
  const rows = posts.map((p, i) => ({
    id: randomUUID(),
    discussion_id: id,
    user_id: p.authorId,
    content: p.content,
    created_at: new Date(Date.now() - (posts.length - i) * 1000).toISOString(),
  }));
  if (rows.length > 0) {
    const inserted = await service.from('posts').insert(rows);
    if (inserted.error) throw inserted.error;
  }
  return { id, title, posts: rows.map((r) => ({ id: r.id, content: r.content })) };
}

export async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** The markup the device keeps for `path`'s launch (what the worker serves inside the shell), or null. */
export async function keptLaunchMarkup(page: Page, path: string): Promise<string | null> {
  return page.evaluate(
    async ([cacheName, key]) => {
      if (!(await caches.has(cacheName))) return null;
      const kept = await (await caches.open(cacheName)).match(key);
      return kept ? kept.text() : null;
    },
    [LAUNCH_MARKUP_CACHE, launchMarkupKey(path)] as const,
  );
}

/**
 * Whether any IndexedDB database of the page's origin holds this text in a
 * live (not deleted) record. Storage-agnostic on purpose: it reads what the
 * device keeps, whatever layer put it there. `inRecordWith`: text the same record
 * must hold too (`"discussion_id":"<id>"`), when other records may hold the text
 * (a reply text an earlier run of the journey wrote in its own thread).
 */
export async function deviceHolds(page: Page, text: string, options: { includeDeleted?: boolean; inRecordWith?: string } = {}): Promise<boolean> {
  return (await deviceRecords(page, text, options)).length > 0;
}

/** The records of every store of the device that hold `text` (and `inRecordWith`), as JSON: what a failure shows. */
export async function deviceRecords(page: Page, text: string, options: { includeDeleted?: boolean; inRecordWith?: string } = {}): Promise<string[]> {
  return page.evaluate(
    async ([needle, includeDeleted, alongside]) => {
      const readAll = (db: IDBDatabase, store: string) =>
        new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store, 'readonly').objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result as unknown[]);
          request.onerror = () => reject(request.error);
        });
      const found: string[] = [];
      for (const info of await indexedDB.databases()) {
        if (!info.name) continue;
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open(info.name!);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        try {
          for (const store of Array.from(db.objectStoreNames)) {
            for (const record of await readAll(db, store)) {
              // RxDB's Dexie storage keeps tombstones with their fields and _deleted as '1'.
              const deleted = (record as { _deleted?: unknown } | null)?._deleted;
              const live = deleted !== true && deleted !== '1';
              const json = JSON.stringify(record);
              if ((live || includeDeleted) && json.includes(needle) && json.includes(alongside)) found.push(`${info.name}/${store}: ${json}`);
            }
          }
        } finally {
          db.close();
        }
      }
      return found;
    },
    [text, options.includeDeleted ?? false, options.inRecordWith ?? ''] as const,
  );
}

/** Waits until the device's local store holds the text (replication wrote it). */
export async function expectDeviceToHold(page: Page, text: string, options: { inRecordWith?: string } = {}): Promise<void> {
  await expect.poll(() => deviceHolds(page, text, options), { timeout: 20_000 }).toBe(true);
}
