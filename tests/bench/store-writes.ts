/**
 * What IndexedDB itself costs a first sync, apart from the sync engine: `npm run bench -- store` (on request,
 * no target).
 *
 * Writes the same posts, in pages of 1,000 with one transaction per page as a sync does, into fresh stores of
 * one Chromium page, round after round side by side:
 * - `floor`: the server's rows, no index (what the initial-sync floor writes);
 * - `records`: the app's stored records of those rows (the replicated table's row mapping, RxDB's fields,
 *   Dexie's record format), no index;
 * - `dexie`: the same records with every index RxDB's Dexie storage declares for the posts collection;
 * - `app`: with the indexes the app's storage gives a new store (Dexie's, less those nothing reads);
 * - `app without <index>`: the same, less one of them, for what each costs.
 * The indexes are read from the app's posts schema as the storages build their stores, never listed here.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fillWithDefaultSettings, type RxJsonSchema } from 'rxdb';
import { fromStorageToDexie, getBooleanIndexes, getDexieStoreSchema } from 'rxdb/plugins/storage-dexie';
import { launchChromium } from '../support/chromium-args';
import { postsTable } from '../../src/db/schemas/posts';
import { rowToDoc } from '../../src/db/replication/row-mapping';
import { unreadIndexes } from '../../src/db/app-storage';
import { describeMachine, measureMachine } from './machine';
import { median, recordBenchResult } from './results';

const POSTS = Number(process.env.STORE_POSTS ?? 20_000);
const PAGE = 1000;
const ROUNDS = Number(process.env.STORE_ROUNDS ?? 3);
const log = (message: string) => console.log(`[store bench] ${message}`);

/** An IndexedDB index as Dexie declares it: `[a+b]` is a compound key path, a bare name a single one. */
interface IndexSpec {
  name: string;
  keyPath: string | string[];
}

/** The store's indexes as RxDB's Dexie storage declares them for `schema` (its first part is the primary key). */
function dexieIndexes(schema: RxJsonSchema<unknown>): { primaryKey: string; indexes: IndexSpec[] } {
  const [primary, ...rest] = getDexieStoreSchema(fillWithDefaultSettings(schema as never))
    .split(',')
    .map((part) => part.trim());
  const indexes = rest.map((name) => ({ name, keyPath: name.startsWith('[') ? name.slice(1, -1).split('+') : name }));
  return { primaryKey: primary!, indexes };
}

/** Server rows shaped as PostgREST returns posts: a few hundred characters each, in 36 threads by 47 authors. */
function serverRows(count: number): Record<string, unknown>[] {
  const threads = Array.from({ length: 36 }, () => crypto.randomUUID());
  const authors = Array.from({ length: 47 }, () => crypto.randomUUID());
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    discussion_id: threads[i % threads.length],
    user_id: authors[i % authors.length],
    parent_post_id: null,
    quoted_post_id: null,
    content: `${'the set went on past four, nobody left the floor '.repeat(6)}${i}`,
    created_at: new Date(now - i * 60_000).toISOString().replace('Z', '+00:00'),
    updated_at: null,
    is_solution: false,
    reactions_summary: { fire: i % 5 },
    _deleted: false,
    _modified: new Date(now - i).toISOString().replace('Z', '+00:00'),
  }));
}

/** The records the app's storage writes for `rows`: the row mapping, RxDB's own fields, then Dexie's format. */
function storedRecords(rows: Record<string, unknown>[]): unknown[] {
  const schema = fillWithDefaultSettings(postsTable.schema as never) as RxJsonSchema<unknown>;
  const booleanIndexes = getBooleanIndexes(schema);
  const lwt = Date.now();
  return rows.map((row, i) => {
    const doc = rowToDoc(postsTable.sync, schema, row) as Record<string, unknown>;
    const stored = { ...doc, _rev: `1-${i.toString(36)}`, _meta: { lwt: lwt + i / 1000 }, _attachments: {} };
    return fromStorageToDexie(booleanIndexes, stored as never);
  });
}

/** Runs in the page: writes `records` into a new store with `indexes`, a transaction per page; the time in ms. */
const WRITE_IN_PAGE = `async ({ records, indexes, primaryKey, page }) => {
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open('store-bench-' + Math.random(), 1);
    open.onupgradeneeded = () => {
      const store = open.result.createObjectStore('docs', { keyPath: primaryKey });
      for (const index of indexes) store.createIndex(index.name, index.keyPath);
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const start = performance.now();
  for (let i = 0; i < records.length; i += page) {
    await new Promise((resolve, reject) => {
      const tx = db.transaction('docs', 'readwrite');
      const store = tx.objectStore('docs');
      for (const record of records.slice(i, i + page)) store.add(record);
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
  }
  const ms = performance.now() - start;
  db.close();
  return ms;
}`;

async function main(): Promise<void> {
  const server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>store bench</title>')).listen(0);
  const browser = await launchChromium();
  try {
    const machine = await measureMachine(browser);
    log(`machine: ${describeMachine(machine)}`);
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.evaluate(`globalThis.__write = ${WRITE_IN_PAGE}`);
    const rows = serverRows(POSTS);
    const records = storedRecords(rows);
    const { primaryKey, indexes } = dexieIndexes(postsTable.schema as RxJsonSchema<unknown>);
    const unread = unreadIndexes(fillWithDefaultSettings(postsTable.schema as never) as RxJsonSchema<unknown>);
    const appIndexes = indexes.filter((index) => !unread.includes(index.name));
    log(
      `${POSTS} posts in pages of ${PAGE}; Dexie's posts store: ${indexes.map((i) => i.name).join(', ')}; the app's: ${appIndexes.map((i) => i.name).join(', ')}`,
    );
    const variants: { name: string; records: unknown[]; indexes: IndexSpec[] }[] = [
      { name: 'floor', records: rows, indexes: [] },
      { name: 'records', records, indexes: [] },
      { name: 'dexie', records, indexes },
      { name: 'app', records, indexes: appIndexes },
      ...appIndexes.map((left) => ({ name: `app without ${left.name}`, records, indexes: appIndexes.filter((i) => i !== left) })),
    ];
    const times = new Map(variants.map((v) => [v.name, [] as number[]]));
    for (let round = 0; round < ROUNDS; round++)
      for (const variant of variants) {
        const key = variant.name === 'floor' ? 'id' : primaryKey;
        const ms = (await page.evaluate(
          `__write(${JSON.stringify({ records: variant.records, indexes: variant.indexes, primaryKey: key, page: PAGE })})`,
        )) as number;
        times.get(variant.name)!.push(ms);
      }
    const floor = median(times.get('floor')!);
    const figures = Object.fromEntries(
      variants.map((v) => {
        const runs = times.get(v.name)!;
        return [v.name, { medianMs: Math.round(median(runs)), runs: runs.map(Math.round), ratioToFloor: Math.round((median(runs) / floor) * 100) / 100 }];
      }),
    );
    for (const [name, f] of Object.entries(figures)) log(`${name}: median ${f.medianMs} ms (${f.runs.join(', ')}), ${f.ratioToFloor}x the floor`);
    recordBenchResult('store', {
      machine,
      posts: POSTS,
      page: PAGE,
      dexieIndexes: indexes.map((i) => i.name),
      appIndexes: appIndexes.map((i) => i.name),
      figures,
    });
  } finally {
    await browser.close();
    server.close();
  }
}

await main();
