import { AUTH_STORAGE_KEY } from '../../src/lib/shell-constants';
/**
 * Reconnect benchmark (issue 7, "Targets"): `npx tsx tests/bench/reconnect.ts` or `npm run bench -- reconnect`.
 *
 * "A reply written offline appears in the thread under 50 ms; after reconnect it
 * reaches the server and a second open client within 2 s."
 *
 * Starts its own seeded stack, builds the app pointed at it, serves the build and
 * drives Debian's Chromium with playwright-core. Two devices stay open on one thread:
 * the writer (demo DJ) and a watcher (demo producer, another member). Each round the
 * writer goes offline, posts a reply through the real reply form, then comes back online:
 *  (a) click on "Post Reply" -> the reply in the writer's thread (next frame after it is in the DOM), offline;
 *  (b) setOffline(false) -> the row in public.posts (pg polled every 20 ms);
 *  (c) setOffline(false) -> the reply text in the watcher's thread (no reload).
 * Then the watcher's side of the live stream (its topics, and the re-pull when they rejoin): each
 * rejoin round the watcher goes offline, the writer (online) posts a reply the watcher's thread
 * topic cannot bring it, and the watcher comes back:
 *  (d) watcher setOffline(false) -> the reply in the watcher's thread (brought by the pull on
 *      reconnect and on the topics' rejoin).
 * Prints a table, merges the figures into bench-results.json under `reconnect`,
 * exits 1 when a median misses its target or a reply never reaches the watcher.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient, type Session } from '@supabase/supabase-js';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import ws from 'ws';
import { build, preview } from 'vite';
import { launchChromium } from '../support/chromium-args';
import { REPLY_TEXT } from '../../src/features/discussions/constants';
import { DEMO_ACCOUNTS } from '../../src/lib/demo-accounts';
import { ROOT, startStackProcess, testStackLocation } from '../support/stack-process';
import { median, recordBenchResult } from './results';

export const RECONNECT_TARGETS = {
  offlineVisibleMs: 50,
  reachesServerMs: 2000,
  reachesWatcherMs: 2000,
  /** enough rounds that a one-in-fifty miss shows; RECONNECT_ROUNDS overrides it for a quick look */
  rounds: Number(process.env.RECONNECT_ROUNDS ?? 50),
  /** the watcher's own reconnects; RECONNECT_REJOIN_ROUNDS overrides it */
  rejoinRounds: Number(process.env.RECONNECT_REJOIN_ROUNDS ?? 10),
  /** offline this long, so realtime-js sees the socket drop and its topics rejoin */
  watcherOfflineMs: 3_000,
} as const;

/** Where the app's supabase client keeps its session (src/lib/supabase.ts, `storageKey`). */
const DB_POLL_MS = 20;
const ROUND_TIMEOUT_MS = 30_000;
/** Past this a watcher's arrival counts as missed (5x the target), so one lost live update cannot stall the run. */
const WATCHER_GIVE_UP_MS = 10_000;

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  // Nearest-rank: with 12 rounds, p95 is the largest sample, which is the honest reading of so few runs.
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const round = (x: number) => Math.round(x * 10) / 10;
const log = (message: string) => console.log(`[reconnect bench] ${message}`);
/** Epoch milliseconds with sub-millisecond precision, comparable with the same reading taken in a page. */
const epochNow = () => performance.timeOrigin + performance.now();

async function signIn(apiUrl: string, anonKey: string, email: string, password: string): Promise<Session> {
  const client = createClient(apiUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket; supabase-js builds its realtime client even when unused.
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error(`no session for ${email}`);
  return data.session;
}

/** A member's device: its own context, signed in before any page script runs, with the thread open and the worker in control. */
async function openDevice(
  browser: Browser,
  baseUrl: string,
  threadId: string,
  session: Session,
): Promise<{ context: BrowserContext; page: Page; frames: string[]; timeline: [number, string][] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // tsx keeps function names with an `__name` helper that page.evaluate callbacks then expect in the page.
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await context.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
    },
    [AUTH_STORAGE_KEY, JSON.stringify(session)] as const,
  );
  const page = await context.newPage();
  // Realtime frames the page received: on a miss, tells a change the server never sent from one the app dropped.
  const frames: string[] = [];
  page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => frames.push(String(payload))));
  // Where a rejoin's time goes: the realtime socket opening and closing, joins and their replies, posts pulls.
  const timeline: [number, string][] = [];
  const note = (what: string) => timeline.push([epochNow(), what]);
  page.on('websocket', (socket) => {
    note('socket open');
    socket.on('close', () => note('socket closed'));
    socket.on('framesent', ({ payload }) => {
      const text = String(payload);
      if (text.includes('phx_join')) note(`join ${/"(realtime:[^"]+)"/.exec(text)?.[1] ?? ''}`);
    });
    socket.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if (text.includes('phx_reply') && text.includes('"status":"ok"') && text.includes('realtime:thread')) note('thread joined');
    });
  });
  const isPull = (url: string) => url.includes('/rest/v1/posts?');
  // a pull reads (GET); a queued write goes out as any other method
  const what = (request: { method(): string }) => (request.method() === 'GET' ? 'posts pull' : `posts ${request.method()}`);
  context.on('request', (request) => isPull(request.url()) && note(`${what(request)} sent`));
  context.on('requestfinished', (request) => isPull(request.url()) && note(`${what(request)} answered`));
  context.on('requestfailed', (request) => isPull(request.url()) && note(`${what(request)} failed`));
  page.on('pageerror', (e) => log(`page error: ${e.message}`));
  await page.goto(`${baseUrl}/discussions/thread/${threadId}`);
  await page
    .getByTestId('thread-page')
    .waitFor({ timeout: 60_000 })
    .catch(async (e: unknown) => {
      log(`the thread page never showed; the page says: ${(await page.locator('body').innerText()).slice(0, 1500)}`);
      throw e;
    });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await page.locator('#reply-content').waitFor();
  return { context, page, frames, timeline };
}

/**
 * Arms a watch in the page for a post holding `text`; `window.__benchSeen` then resolves with the
 * epoch time of the first frame after it entered the DOM, and `window.__benchClicked` holds the
 * epoch time of the click on the reply button (captured before the app's own handler runs).
 */
async function armWatch(page: Page, text: string): Promise<void> {
  await page.evaluate(
    ([needle, submitLabel]) => {
      const w = window as unknown as { __benchSeen?: Promise<number>; __benchClicked?: number; __benchInDom?: number };
      w.__benchClicked = undefined;
      w.__benchInDom = undefined;
      const epoch = () => performance.timeOrigin + performance.now();
      const present = () => Array.from(document.querySelectorAll('[data-testid="post"]')).some((el) => el.textContent?.includes(needle));
      w.__benchSeen = new Promise<number>((resolve) => {
        const settle = () => {
          w.__benchInDom = epoch();
          requestAnimationFrame(() => resolve(epoch()));
        };
        if (present()) return settle();
        const observer = new MutationObserver(() => {
          if (!present()) return;
          observer.disconnect();
          settle();
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      });
      const onClick = (event: Event) => {
        const button = (event.target as Element | null)?.closest('button');
        if (button?.textContent?.trim() !== submitLabel) return;
        w.__benchClicked = epoch();
        document.removeEventListener('click', onClick, true);
      };
      document.addEventListener('click', onClick, true);
    },
    [text, REPLY_TEXT.submit] as const,
  );
}

/**
 * On a miss: is the reply in the watcher's local store (the screen missed it) or not (the live
 * stream missed it)? Read straight from IndexedDB, as RxDB's Dexie storage lays it out.
 */
async function diagnoseMiss(page: Page, text: string): Promise<{ inLocalStore: boolean; incompleteCards: number }> {
  return page.evaluate(async (needle) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('rxdb-dexie-djcircle--0--posts');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const docs = await new Promise<Array<{ content?: string; _deleted?: string | boolean }>>((resolve, reject) => {
      const request = db.transaction('docs').objectStore('docs').getAll();
      request.onsuccess = () => resolve(request.result as Array<{ content?: string }>);
      request.onerror = () => reject(request.error);
    });
    db.close();
    const incompleteCards = document.querySelectorAll('[data-testid="post"][role="alert"]').length;
    return { inLocalStore: docs.some((d) => d.content === needle), incompleteCards };
  }, text);
}

async function seenAt(page: Page, timeoutMs = ROUND_TIMEOUT_MS): Promise<number> {
  return page.evaluate((timeout) => {
    const w = window as unknown as { __benchSeen: Promise<number> };
    return Promise.race([w.__benchSeen, new Promise<number>((_, reject) => setTimeout(() => reject(new Error('the reply never showed')), timeout))]);
  }, timeoutMs);
}

async function pollRow(db: pg.Client, text: string): Promise<number> {
  const deadline = performance.now() + ROUND_TIMEOUT_MS;
  for (;;) {
    const { rows } = await db.query<{ n: string }>('select count(*) as n from public.posts where content = $1 and not _deleted', [text]);
    if (Number(rows[0].n) > 0) return epochNow();
    if (performance.now() > deadline) throw new Error('the reply never reached the server');
    await new Promise((r) => setTimeout(r, DB_POLL_MS));
  }
}

async function main() {
  const location = await testStackLocation('bench-reconnect');
  log('starting a seeded stack');
  const stack = await startStackProcess(location);
  const distDir = join(ROOT, '.local', 'bench-reconnect-dist');
  let server: Awaited<ReturnType<typeof preview>> | undefined;
  let browser: Browser | undefined;
  const db = new pg.Client({ connectionString: stack.status.DB_URL });
  try {
    const { API_URL: apiUrl, ANON_KEY: anonKey } = stack.status;
    await db.connect();
    log('building the app');
    Object.assign(process.env, { VITE_SUPABASE_URL: apiUrl, VITE_SUPABASE_ANON_KEY: anonKey, VITE_DEMO_LOGINS: 'true' });
    await build({ logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
    server = await preview({ logLevel: 'warn', build: { outDir: distDir }, preview: { port: 0, host: '127.0.0.1' } });
    const address = server.httpServer.address();
    const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    browser = await launchChromium();

    const [dj, producer] = DEMO_ACCOUNTS;
    const {
      rows: [owner],
    } = await db.query<{ id: string }>('select id from public.profiles where username = $1', [producer.username]);
    const threadId = randomUUID();
    await db.query("insert into public.discussions (id, user_id, title, category) values ($1, $2, 'Benchmark: replies after reconnect', 'Events & Gigs')", [
      threadId,
      owner.id,
    ]);
    await db.query("insert into public.posts (discussion_id, user_id, content) values ($1, $2, 'Who has a spare RCA cable for Friday?')", [threadId, owner.id]);

    log('opening the writer (demo DJ) and the watcher (demo producer)');
    const writer = await openDevice(browser, baseUrl, threadId, await signIn(apiUrl, anonKey, dj.email, dj.password));
    const watcher = await openDevice(browser, baseUrl, threadId, await signIn(apiUrl, anonKey, producer.email, producer.password));
    const watcherFrames = watcher.frames;

    const offlineVisible: number[] = [];
    // The part of (a) spent before the reply is in the DOM: the app's own work, without the wait for the next frame.
    const offlineInDom: number[] = [];
    const toServer: number[] = [];
    const toWatcher: number[] = [];
    const watcherMisses: { round: number; shownAfterReload: boolean }[] = [];
    const warmups = 1;
    for (let i = 0; i < RECONNECT_TARGETS.rounds + warmups; i++) {
      const text = `I can bring one, it lives in my record bag (${i}-${randomUUID().slice(0, 8)})`;
      await writer.context.setOffline(true);
      await armWatch(writer.page, text);
      await armWatch(watcher.page, text);
      await writer.page.locator('#reply-content').fill(text);
      await writer.page.getByRole('button', { name: REPLY_TEXT.submit }).click();
      const shownAt = await seenAt(writer.page);
      const { clickedAt, inDomAt } = await writer.page.evaluate(() => {
        const w = window as unknown as { __benchClicked?: number; __benchInDom?: number };
        return { clickedAt: w.__benchClicked, inDomAt: w.__benchInDom };
      });
      if (clickedAt === undefined || inDomAt === undefined) throw new Error('the click on the reply button was not seen');
      const notYet = await db.query<{ n: string }>('select count(*) as n from public.posts where content = $1', [text]);
      if (Number(notYet.rows[0].n) !== 0) throw new Error('an offline reply reached the server');

      const online = epochNow();
      const [serverAt, watcherAt] = await Promise.all([
        pollRow(db, text),
        writer.context.setOffline(false).then(() => seenAt(watcher.page, WATCHER_GIVE_UP_MS).catch(() => undefined)),
      ]);
      if (watcherAt === undefined) {
        const framed = watcherFrames.filter((f) => f.includes(text));
        log(
          `round ${i}: watcher miss, before reload: ${JSON.stringify({ ...(await diagnoseMiss(watcher.page, text)), realtimeFramesWithTheReply: framed.length })}`,
        );
        for (const f of framed) log(`  frame: ${f.slice(0, 300)}`);
        // Tell a lost live update from a reply that never synced: a reload reads what the watcher's device pulled.
        await watcher.page.reload();
        await watcher.page.getByTestId('thread-page').waitFor();
        const afterReload = await watcher.page
          .getByTestId('post')
          .filter({ hasText: text })
          .waitFor({ timeout: 15_000 })
          .then(
            () => true,
            () => false,
          );
        watcherMisses.push({ round: i, shownAfterReload: afterReload });
        log(`round ${i}: the watcher did not show the reply within ${WATCHER_GIVE_UP_MS} ms (after a reload: ${afterReload ? 'shown' : 'still missing'})`);
      }
      // The writer's outbox must be empty before the next round, so each round measures one reply.
      await writer.page.waitForFunction(
        (needle) => {
          const post = Array.from(document.querySelectorAll('[data-testid="post"]')).find((el) => el.textContent?.includes(needle));
          return post !== undefined && post.querySelector('[data-testid="outbox-status"][data-state="waiting"]') === null;
        },
        text,
        { timeout: ROUND_TIMEOUT_MS },
      );
      if (i < warmups) {
        log(
          `warm-up: offline ${round(shownAt - clickedAt)} ms, server ${Math.round(serverAt - online)} ms, watcher ${watcherAt === undefined ? 'missed' : `${Math.round(watcherAt - online)} ms`}`,
        );
        continue;
      }
      offlineVisible.push(shownAt - clickedAt);
      offlineInDom.push(inDomAt - clickedAt);
      toServer.push(serverAt - online);
      if (watcherAt !== undefined) toWatcher.push(watcherAt - online);
      log(
        `round ${i}: offline ${round(offlineVisible.at(-1)!)} ms (in the DOM after ${round(offlineInDom.at(-1)!)} ms), server ${Math.round(toServer.at(-1)!)} ms, watcher ${watcherAt === undefined ? 'missed' : `${Math.round(watcherAt - online)} ms`}`,
      );
      await writer.page.waitForTimeout(300);
    }

    // The watcher's reconnects: a reply written while it was offline reaches it by pull on its return.
    const afterRejoin: number[] = [];
    const rejoinMisses: number[] = [];
    for (let i = 0; i < RECONNECT_TARGETS.rejoinRounds; i++) {
      const text = `Posted while you were away (${i}-${randomUUID().slice(0, 8)})`;
      await armWatch(watcher.page, text);
      await watcher.context.setOffline(true);
      await writer.page.locator('#reply-content').fill(text);
      await writer.page.getByRole('button', { name: REPLY_TEXT.submit }).click();
      await pollRow(db, text);
      await watcher.page.waitForTimeout(RECONNECT_TARGETS.watcherOfflineMs);
      const back = epochNow();
      await watcher.context.setOffline(false);
      const shownAt = await seenAt(watcher.page, WATCHER_GIVE_UP_MS).catch(() => undefined);
      if (shownAt === undefined) rejoinMisses.push(i);
      else afterRejoin.push(shownAt - back);
      const steps = watcher.timeline
        .filter(([t]) => t >= back - 3_500)
        .map(([t, what]) => `${Math.round(t - back)} ${what}`)
        .join(', ');
      log(
        `rejoin round ${i}: watcher ${shownAt === undefined ? 'missed' : `${Math.round(shownAt - back)} ms after coming back`} (ms after coming back: ${steps})`,
      );
      await watcher.page.waitForTimeout(300);
    }

    await writer.context.close();
    await watcher.context.close();

    const figures = (xs: number[]) => ({ medianMs: round(median(xs)), p95Ms: round(percentile(xs, 95)), maxMs: round(Math.max(...xs)), runs: xs.map(round) });
    const result = {
      measuredAt: new Date().toISOString(),
      rounds: offlineVisible.length,
      offlineReplyVisible: { ...figures(offlineVisible), targetMs: RECONNECT_TARGETS.offlineVisibleMs, inDom: figures(offlineInDom) },
      reconnectToServerRow: { ...figures(toServer), targetMs: RECONNECT_TARGETS.reachesServerMs, dbPollMs: DB_POLL_MS },
      // Missed arrivals are left out of the figures and listed: a median over them would hide them.
      reconnectToWatcher: { ...figures(toWatcher), targetMs: RECONNECT_TARGETS.reachesWatcherMs, missedWithin10s: watcherMisses },
      // (d) no target of its own in the issue: the reply reaches the device within 2 s of its return, as in (c)
      watcherRejoinToReply: {
        ...(afterRejoin.length > 0 ? figures(afterRejoin) : { medianMs: NaN, p95Ms: NaN, maxMs: NaN, runs: [] }),
        targetMs: RECONNECT_TARGETS.reachesWatcherMs,
        offlineMs: RECONNECT_TARGETS.watcherOfflineMs,
        missedWithin10s: rejoinMisses,
      },
      method:
        '(a) capture-phase click on "Post Reply" -> next animation frame after the reply is in the DOM, writer offline; ' +
        "(b)/(c) from just before context.setOffline(false) -> row in public.posts (pg, 20 ms polls) / reply in the watcher's DOM (another member, no reload). " +
        'One warm-up round dropped; p95 is nearest-rank.',
      browser: 'Debian Chromium via playwright-core, production build, two contexts in one browser',
    };
    console.table(
      Object.fromEntries(
        (['offlineReplyVisible', 'reconnectToServerRow', 'reconnectToWatcher', 'watcherRejoinToReply'] as const).map((k) => [
          k,
          {
            median: result[k].medianMs,
            p95: result[k].p95Ms,
            max: result[k].maxMs,
            target: result[k].targetMs,
            met:
              (k === 'reconnectToWatcher' && watcherMisses.length > 0) || (k === 'watcherRejoinToReply' && rejoinMisses.length > 0)
                ? `no (${k === 'reconnectToWatcher' ? watcherMisses.length : rejoinMisses.length} missed)`
                : result[k].p95Ms < result[k].targetMs
                  ? 'yes (p95)'
                  : result[k].medianMs < result[k].targetMs
                    ? 'median only'
                    : 'no',
          },
        ]),
      ),
    );
    log(
      `offline reply in the DOM (before the frame): median ${result.offlineReplyVisible.inDom.medianMs} ms, p95 ${result.offlineReplyVisible.inDom.p95Ms} ms`,
    );
    recordBenchResult('reconnect', result);
    const missed = [
      result.offlineReplyVisible.medianMs >= RECONNECT_TARGETS.offlineVisibleMs && 'offline reply visible',
      result.reconnectToServerRow.medianMs >= RECONNECT_TARGETS.reachesServerMs && 'reaches the server',
      result.reconnectToWatcher.medianMs >= RECONNECT_TARGETS.reachesWatcherMs && 'reaches a second client',
      watcherMisses.length > 0 && `a second client missed ${watcherMisses.length} replies live`,
      rejoinMisses.length > 0 && `a returning client missed ${rejoinMisses.length} replies`,
    ].filter(Boolean);
    if (missed.length > 0) {
      console.error(`reconnect benchmark: missed ${missed.join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await db.end().catch(() => undefined);
    await browser?.close();
    await server?.close();
    await stack.stop();
    rmSync(location.localDir, { recursive: true, force: true });
    rmSync(distDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
