/**
 * Browser-side steps of the app benchmark (tests/bench/app.ts): each runs in
 * the page through page.evaluate, so timings are taken where the member's
 * browser takes them.
 */
import type { Page } from 'playwright-core';

/** In-app navigation (TanStack Router follows popstate), timed until `count` elements match `selector`. */
export async function timeInAppNavigation(page: Page, path: string, selector: string, count: number): Promise<number> {
  return page.evaluate(
    ([to, sel, n]) =>
      new Promise<number>((resolve, reject) => {
        const start = performance.now();
        history.pushState(history.state, '', to);
        dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
        const deadline = start + 30_000;
        const check = () => {
          if (document.querySelectorAll(sel).length >= n) return resolve(performance.now() - start);
          if (performance.now() > deadline) return reject(new Error(`${sel} did not reach ${n} on ${to}`));
          requestAnimationFrame(check);
        };
        check();
      }),
    [path, selector, count] as const,
  );
}

/** An online-only thread open: the discussion, then its posts, as two PostgREST calls, timed in the page. */
export async function timeOnlineThreadFetch(page: Page, apiUrl: string, anonKey: string, threadId: string): Promise<{ ms: number; posts: number }> {
  return page.evaluate(
    async ([api, key, id]) => {
      const headers = { apikey: key, Authorization: `Bearer ${key}`, Accept: 'application/json' };
      const start = performance.now();
      const [discussion, posts] = await Promise.all([
        fetch(`${api}/rest/v1/discussions_with_counts_and_profiles?select=*&id=eq.${id}`, {
          headers: { ...headers, Accept: 'application/vnd.pgrst.object+json' },
          cache: 'no-store',
        }),
        fetch(`${api}/rest/v1/posts_with_profile_and_votes?select=*&discussion_id=eq.${id}&order=created_at.asc`, { headers, cache: 'no-store' }),
      ]);
      if (!discussion.ok || !posts.ok) throw new Error(`PostgREST answered ${discussion.status} / ${posts.status}`);
      await discussion.json();
      const rows = (await posts.json()) as unknown[];
      return { ms: performance.now() - start, posts: rows.length };
    },
    [apiUrl, anonKey, threadId] as const,
  );
}

/** Records in the RxDB Dexie store of one collection (tombstones included; a fresh device has next to none). */
export async function storedCount(page: Page, collection: string): Promise<number> {
  return page.evaluate(async (name) => {
    const info = (await indexedDB.databases()).find((d) => d.name?.startsWith('rxdb-dexie-djcircle--') && d.name.endsWith(`--${name}`));
    if (!info?.name) return 0;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(info.name!);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      const stores = Array.from(db.objectStoreNames).filter((s) => s === 'docs');
      if (stores.length === 0) return 0;
      return await new Promise<number>((resolve, reject) => {
        const request = db.transaction('docs', 'readonly').objectStore('docs').count();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    } finally {
      db.close();
    }
  }, collection);
}

/**
 * The raw floor of an initial sync: the same tables fetched through PostgREST
 * in pages of 1,000 (keyset on id), each page written into IndexedDB in one
 * transaction as it arrives. No schema, no checkpoint, no conflict handling.
 */
export async function rawFloorSync(
  page: Page,
  apiUrl: string,
  anonKey: string,
  tables: { table: string; filter: string }[],
): Promise<{ ms: number; rows: Record<string, number>; retries: number }> {
  return page.evaluate(
    async ([api, key, specs]) => {
      const headers = { apikey: key, Authorization: `Bearer ${key}` };
      const start = performance.now();
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(`raw-floor-${Date.now()}`, 1);
        open.onupgradeneeded = () => specs.forEach((s) => open.result.createObjectStore(s.table, { keyPath: 'id' }));
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const rows: Record<string, number> = {};
      let retries = 0;
      await Promise.all(
        specs.map(async ({ table, filter }) => {
          let after = '';
          rows[table] = 0;
          for (;;) {
            const cursor = after ? `&id=gt.${after}` : '';
            const url = `${api}/rest/v1/${table}?select=*${filter}${cursor}&order=id.asc&limit=1000`;
            // A loaded machine drops the odd connection ("Failed to fetch"); the app's pull retries too, so the floor may.
            let response: Response | undefined;
            for (let attempt = 1; !response; attempt++) {
              try {
                response = await fetch(url, { headers, cache: 'no-store' });
              } catch (error) {
                // A shared machine under heavy load drops more than the odd one: a few tries, a short pause between.
                if (attempt === 5) throw error;
                retries++;
                await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
              }
            }
            const page = (await response.json()) as { id: string }[];
            await new Promise<void>((resolve, reject) => {
              const tx = db.transaction(table, 'readwrite');
              const store = tx.objectStore(table);
              for (const row of page) store.put(row);
              tx.oncomplete = () => resolve();
              tx.onerror = () => reject(tx.error);
            });
            rows[table] += page.length;
            if (page.length < 1000) break;
            after = page[page.length - 1].id;
          }
        }),
      );
      const ms = performance.now() - start;
      db.close();
      return { ms, rows, retries };
    },
    [apiUrl, anonKey, tables] as const,
  );
}

/**
 * In-app navigation to a thread, timed twice in the page: until the first post is readable (its
 * text is in the document: what the member sees first) and until `count` posts are in the
 * document with their text (the whole thread: find in page, keyboard navigation). A card shown
 * without its content (an incomplete post) counts for neither.
 */
export async function timeThreadOpen(
  page: Page,
  path: string,
  count: number,
): Promise<{ firstScreenMs: number; allPostsMs: number; postsAtFirstScreen: number; dividerAt: number }> {
  return page.evaluate(
    ([to, n]) =>
      new Promise<{ firstScreenMs: number; allPostsMs: number; postsAtFirstScreen: number; dividerAt: number }>((resolve, reject) => {
        // A trace of the open (BENCH_TRACE_THREAD) starts at this mark.
        const start = performance.mark('bench:thread-open').startTime;
        history.pushState(history.state, '', to);
        dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
        const deadline = start + 30_000;
        let firstScreenMs = 0;
        // How many posts the first frame rendered, and where the unread divider was among them (-1: none).
        let postsAtFirstScreen = 0;
        let dividerAt = -1;
        const check = () => {
          const contents = document.querySelectorAll('[data-testid="post"] [data-testid="post-content"]');
          if (!firstScreenMs && contents[0]?.textContent) {
            firstScreenMs = performance.now() - start;
            postsAtFirstScreen = contents.length;
            const divider = document.querySelector('[data-testid="new-posts-divider"]');
            dividerAt = divider
              ? [...document.querySelectorAll('[data-testid="post"]')].findIndex((p) => divider.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_FOLLOWING)
              : -1;
          }
          if (firstScreenMs && contents.length >= n) return resolve({ firstScreenMs, allPostsMs: performance.now() - start, postsAtFirstScreen, dividerAt });
          if (performance.now() > deadline) return reject(new Error(`${n} posts did not show on ${to}`));
          requestAnimationFrame(check);
        };
        check();
      }),
    [path, count] as const,
  );
}
