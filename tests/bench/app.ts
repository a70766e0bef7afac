/**
 * App benchmark: `npx tsx tests/bench/app.ts` or `npm run bench -- app`.
 *
 * Starts its own stack (seeded), builds the app pointed at it, serves the
 * build, and drives Debian's Chromium with playwright-core:
 *  - build: gzip JavaScript the page loads for the first screen; the worker's precache size;
 *  - a thread with 500 posts, from in-app navigation to the posts rendered from the local store (median);
 *  - opening that thread under an emulated 300 ms round trip: this app (local store) against the
 *    an online-only design (the discussion, then its posts, as two PostgREST calls), side by side, ratio; and the
 *    same for threads each opened once (no read of them warm in memory);
 *  - initial sync into an empty browser of the community grown to 20,000 posts, against the raw
 *    floor (the same tables through PostgREST plus a bulk IndexedDB write) in the same run, ratio;
 *  - offline cold start with 4x CPU throttling, from navigation to a readable hub list (median), with its long
 *    tasks, against the same build's static shell painted from the worker's cache in the same run (ratio).
 * Every figure is printed with the Chromium version and the host's `benchmarkIndex`.
 * Prints a table, merges the figures into bench-results.json under `app`, exits 1 when a target is missed.
 */
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { build, preview } from 'vite';
import { launchChromium } from '../support/chromium-args';
import { MAX_KEPT_THREADS } from '../../src/db/replication/kept-threads';
import { RECENT_WINDOW_DAYS } from '../../src/db/replication/tables';
import { HUB_TITLE_TIMING } from '../../src/features/discussions/constants';
import { LAUNCH_MARKUP_CACHE, LAUNCH_MARKUP_MARKER, launchMarkupKey } from '../../src/lib/launch-markup';
import { STORE_OPENING_MARK } from '../../src/lib/shell-constants';
import { ROOT, startStackProcess, testStackLocation } from '../support/stack-process';
import { gzipBytes, precacheSize } from './app-build';
import { buildBaseline, serve } from './baseline-build';
import { rawFloorSync, storedCount, timeInAppNavigation, timeOnlineThreadFetch, timeThreadOpen } from './app-browser';
import { describeMachine, measureMachine } from './machine';
import { describeTrace, startTrace, stopTrace } from './trace';
import { median, recordBenchResult } from './results';

export const APP_TARGETS = {
  firstScreenJsGzipKb: 200,
  precacheMb: 2,
  thread500MedianMs: 150,
  rttRatioMin: 10,
  syncRatioMax: 2,
  coldStartMedianMs: 1000,
  /** The offline cold start against the same build's static shell painted from the worker's cache, in the same run. */
  coldStartShellRatioMax: 1.5,
  /** Tasks over 50 ms before the cold start's first screen is readable. */
  coldStartLongTasks: 0,
  posts: 20_000,
  threadPosts: 500,
  rttMs: 300,
} as const;

/** Offline launches timed; 4x CPU throttling makes single launches vary by a second on this machine. */
const COLD_STARTS = 9;
const COLD_START_SETTLE_MS = 3000;
/**
 * The windows the cold starts are timed in, each with its own launch markup: the bench's desktop window, and the
 * phone most members open the app on at a gig (the launch markup holds the first screens of the window it was
 * taken in, so a phone's is smaller).
 */
const COLD_START_WINDOWS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 360, height: 740 },
} as const;
type ColdStartWindow = keyof typeof COLD_START_WINDOWS;

/** Threads opened once each under the emulated latency, besides the reopened 500-post thread. */
const FIRST_OPENS = 9;

/** Rounds of the side-by-side initial sync; an odd count so the median is one measured run, not the mean of two. */
const SYNC_ROUNDS = 3;

/** BENCH_PROFILE_SYNC=1: profile the last app sync round (unminified build). */
const PROFILE_SYNC = process.env.BENCH_PROFILE_SYNC === '1';
/** BENCH_PROFILE_THREAD=1: profile the last thread opens from the store (unminified build). */
const PROFILE_THREAD = process.env.BENCH_PROFILE_THREAD === '1';
/** Whether the build is minified as the app ships; a profiled one is not, so its sizes are no figure. */
const SHIPPED_BUILD = !PROFILE_SYNC && !PROFILE_THREAD;
/** BENCH_TRACE_THREAD=1: a Chromium trace of each thread open under the 300 ms round trip, task by task. */
const TRACE_THREAD = process.env.BENCH_TRACE_THREAD === '1';
/** BENCH_TRACE_COLD=1: a Chromium trace of the last offline cold start, task by task. */
const TRACE_COLD = process.env.BENCH_TRACE_COLD === '1';
/** BENCH_SYNC_ONLY=1: only the side-by-side initial sync rounds, for quick iterations on the sync pipeline. */
const SYNC_ONLY = process.env.BENCH_SYNC_ONLY === '1';
/** BENCH_COLD_ONLY=1: one sync to fill a device, then only the offline cold starts (bisecting a cold-start change). */
const COLD_ONLY = process.env.BENCH_COLD_ONLY === '1';
/** BENCH_THREAD_ONLY=1: one sync to fill a device, then only the thread opens (with and without the 300 ms round trip). */
const THREAD_ONLY = process.env.BENCH_THREAD_ONLY === '1';
/**
 * BENCH_SYNC_BASELINE=<git ref>: that commit's app, built next to the working tree's, syncs too in every
 * initial-sync round, right before the working tree's (same stack, same host load): a sync change side by side.
 */
const SYNC_BASELINE = process.env.BENCH_SYNC_BASELINE;

const round = (x: number) => Math.round(x * 10) / 10;
const log = (message: string) => console.log(`[app bench] ${message}`);

/** A main-thread task longer than this blocks input (the Long Tasks API's threshold). */
const LONG_TASK_MS = 50;

async function query<T extends Record<string, unknown>>(dbUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * The growth's posts are written by the seed's few dozen members, each into every thread. With the default
 * (posting follows a thread) each post would notify every member who posted there before: 24,542
 * notifications from the 500-post thread alone, each with a push request and a live message that the stack
 * then delivers for many minutes while the sync is timed. So the members first choose the normal level for
 * every thread but their own (as a member may): each post notifies its thread's author and those it
 * addresses, and every other trigger runs as for any post. A visitor's sync reads none of these private
 * rows, so what it measures is unchanged.
 */
async function chooseNormalLevel(dbUrl: string): Promise<void> {
  await query(
    dbUrl,
    `insert into public.discussion_reads (user_id, discussion_id, level)
     select p.id, d.id, 'normal' from public.profiles p cross join public.discussions d where not d._deleted and p.id <> d.user_id
     on conflict (user_id, discussion_id) do update set level = 'normal'`,
  );
}

/**
 * Posts per growth statement. Members post one at a time; thousands of posts in one transaction make every
 * trigger slower with each post (a thread's row, its members' read records and profiles are updated again and
 * again inside one transaction that can prune none of the old versions): 1,200 posts took 7.5 s in one
 * statement, 400 took 0.9 s.
 */
const GROWTH_BATCH = 250;

/** A 500-post thread, then the rest of the community grown to 20,000 posts spread over every discussion. */
async function growCommunity(dbUrl: string): Promise<{ threadId: string; discussions: number }> {
  const [author] = await query<{ id: string }>(dbUrl, "select id from public.profiles where username = 'demo_producer'");
  const threadId = randomUUID();
  await query(dbUrl, "insert into public.discussions (id, user_id, title, category) values ($1, $2, 'Benchmark: a 500-post thread', 'Track Feedback')", [
    threadId,
    author.id,
  ]);
  await chooseNormalLevel(dbUrl);
  for (let from = 1; from <= APP_TARGETS.threadPosts; from += GROWTH_BATCH) {
    await query(
      dbUrl,
      `insert into public.posts (discussion_id, user_id, content, created_at)
       select $1, p.id, 'Post ' || g || ': the low end on the second drop needs a cut around 40 Hz, and the hats could sit back a touch.', now() - make_interval(secs => 600 - g)
       from generate_series($2::int, least($2::int + $3::int - 1, $4::int)) g
       cross join lateral (select id from public.profiles order by md5(id::text || g) limit 1) p`,
      [threadId, from, GROWTH_BATCH, APP_TARGETS.threadPosts],
    );
  }
  const [{ n }] = await query<{ n: string }>(dbUrl, 'select count(*) as n from public.posts');
  const missing = APP_TARGETS.posts - Number(n);
  for (let from = 1; from <= missing; from += GROWTH_BATCH) {
    await query(
      dbUrl,
      `with d as (select id, row_number() over (order by id) - 1 as i, count(*) over () as c from public.discussions where id <> $2 and not is_locked and not _deleted),
            u as (select id, row_number() over (order by id) - 1 as i, count(*) over () as c from public.profiles)
       insert into public.posts (discussion_id, user_id, content, created_at)
       select d.id, u.id, 'Grown post ' || g || ': how do you prepare a two-hour set for a room you have never played?', now() - make_interval(mins => g % 10000)
       from generate_series($3::int, least($3::int + $4::int - 1, $1::int)) g
       join d on d.i = g % d.c
       join u on u.i = g % u.c`,
      [missing, threadId, from, GROWTH_BATCH],
    );
  }
  // Fresh statistics before anything is timed, so no round runs on plans made before the growth. The first
  // round of each side is still the slowest (raw floor 17.5 s against 3–4 s after, in one run); the
  // median of SYNC_ROUNDS leaves it out.
  await query(dbUrl, 'vacuum analyze');
  const [{ d }] = await query<{ d: string }>(dbUrl, 'select count(*) as d from public.discussions where not _deleted');
  return { threadId, discussions: Number(d) };
}

/** Records every main-thread task over 50 ms from the start of the page in globalThis.__longTasks, as [start, duration]. */
const LONG_TASK_OBSERVER = `globalThis.__longTasks = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) globalThis.__longTasks.push([entry.startTime, entry.duration]); })
  .observe({ type: 'longtask', buffered: true });
performance.setResourceTimingBufferSize(5000);`;

/**
 * The sync's requests to the API, per table: how many, their median time (server and transfer), the summed
 * gaps between one ending and the next starting (the device's own work), and the span from first to last.
 */
async function syncRequestTimings(page: Page): Promise<string> {
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/rest/v1/'))
      .map((entry) => ({ url: entry.name, start: entry.startTime, end: (entry as PerformanceResourceTiming).responseEnd })),
  );
  const byTable = new Map<string, { start: number; end: number }[]>();
  for (const entry of entries) {
    const table = new URL(entry.url).pathname.split('/').pop() ?? '?';
    byTable.set(table, [...(byTable.get(table) ?? []), entry]);
  }
  return [...byTable]
    .map(([table, list]) => {
      const durations = list.map((e) => e.end - e.start);
      let gaps = 0;
      for (let i = 1; i < list.length; i++) gaps += Math.max(0, list[i].start - list[i - 1].end);
      const span = Math.max(...list.map((e) => e.end)) - Math.min(...list.map((e) => e.start));
      return `${table} ${list.length} requests, median ${Math.round(median(durations))} ms, gaps ${Math.round(gaps)} ms, span ${Math.round(span)} ms`;
    })
    .join('; ');
}

/**
 * When the hub's first card title painted, as the browser reports it (Element Timing, by the title's
 * `elementtiming`), whether the launch markup or the app painted it: the same kind of figure as the shell's first
 * contentful paint it is compared with. `__titlePainted` resolves with the first one, and with whether the launch
 * markup was still in the page then, so the bench can wait for it with one small evaluation instead of a poller.
 */
const TITLE_PAINT_OBSERVER = `globalThis.__titlePainted = new Promise((resolve) => {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.identifier === ${JSON.stringify(HUB_TITLE_TIMING)})
        resolve({ at: entry.renderTime || entry.loadTime, fromMarkup: document.querySelector(${JSON.stringify(`[${LAUNCH_MARKUP_MARKER}]`)}) !== null });
  }).observe({ type: 'element', buffered: true });
});`;

/**
 * The floor runs in a page of the app's origin (IndexedDB needs one) that loads none of the app. Under heavy
 * load the preview server has answered this plain file with an error now and then: a few tries before failing.
 */
async function openFloorPage(page: Page, baseUrl: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const response = await page.goto(`${baseUrl}/robots.txt`).catch((error: Error) => error);
    if (!(response instanceof Error) && response?.ok()) return;
    if (attempt === 3) throw response instanceof Error ? response : new Error(`robots.txt answered ${response?.status()}`);
    await page.waitForTimeout(500);
  }
}

/** Max and counts of long tasks per round, as medians over the rounds. */
function longTaskFigures(rounds: number[][]) {
  return {
    syncLongTaskMaxMs: Math.round(median(rounds.map((r) => Math.max(0, ...r)))),
    syncLongTasksOver50: median(rounds.map((r) => r.filter((d) => d > 50).length)),
    syncLongTasksOver200: median(rounds.map((r) => r.filter((d) => d > 200).length)),
    syncLongTaskRuns: rounds.map((r) => ({
      max: Math.round(Math.max(0, ...r)),
      over50: r.filter((d) => d > 50).length,
      over200: r.filter((d) => d > 200).length,
    })),
  };
}

async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // tsx keeps function names with an `__name` helper that page.evaluate callbacks then expect in the page.
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  return context;
}

/**
 * Every JavaScript file the page requested before the first screen was readable: the moment the
 * home page's h1 entered the document, taken in the page (a MutationObserver), against each
 * script's request start in the page's Resource Timing. Timing it in the page keeps the figure
 * independent of how fast the test driver notices the heading. The worker's precache fetches are excluded.
 */
async function firstScreenJs(browser: Browser, baseUrl: string, distDir: string) {
  const context = await newContext(browser);
  await context.addInitScript({
    content: `new MutationObserver((_, observer) => {
      if (!document.querySelector('h1')) return;
      globalThis.__firstScreenAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });`,
  });
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === baseUrl && url.pathname.endsWith('.js') && url.pathname !== '/sw.js') scripts.add(url.pathname);
  });
  await page.goto(`${baseUrl}/`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  const afterIdle = [...scripts];
  const { firstScreenAt, requested } = await page.evaluate(() => ({
    firstScreenAt: (globalThis as { __firstScreenAt?: number }).__firstScreenAt ?? Number.POSITIVE_INFINITY,
    requested: performance.getEntriesByType('resource').map((entry) => ({ url: entry.name, at: entry.startTime })),
  }));
  const atFirstScreen = [
    ...new Set(
      requested
        .filter((r) => r.at <= firstScreenAt)
        .map((r) => new URL(r.url))
        .filter((url) => url.origin === baseUrl && url.pathname.endsWith('.js') && url.pathname !== '/sw.js')
        .map((url) => url.pathname),
    ),
  ];
  await context.close();
  const kb = (paths: string[]) => round(paths.reduce((sum, p) => sum + gzipBytes(distDir, p), 0) / 1024);
  const largest = atFirstScreen
    .map((p) => [p.replace('/assets/', ''), round(gzipBytes(distDir, p) / 1024)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6);
  return {
    firstScreenFiles: atFirstScreen.length,
    firstScreenGzipKb: kb(atFirstScreen),
    firstScreenLargestGzipKb: Object.fromEntries(largest),
    loadedByIdleFiles: afterIdle.length,
    loadedByIdleGzipKb: kb(afterIdle),
  };
}

/**
 * Polls the stored counts until every collection holds `expected`. Returns when, from the call, the first
 * row was stored (the sync had started) and when each collection was complete: where a sync's time goes.
 */
async function waitForSync(page: Page, expected: Record<string, number>, timeoutMs = 180_000): Promise<{ firstRowMs: number; doneMs: Record<string, number> }> {
  const t0 = Date.now();
  const deadline = t0 + timeoutMs;
  let firstRowMs = -1;
  const doneMs: Record<string, number> = {};
  for (;;) {
    const got: Record<string, number> = {};
    for (const collection of Object.keys(expected)) {
      if (doneMs[collection] !== undefined) continue;
      got[collection] = await storedCount(page, collection);
      if (got[collection] >= expected[collection]) doneMs[collection] = Date.now() - t0;
      if (got[collection] > 0 && firstRowMs < 0) firstRowMs = Date.now() - t0;
    }
    if (Object.keys(doneMs).length === Object.keys(expected).length) return { firstRowMs, doneMs };
    if (Date.now() > deadline) throw new Error(`initial sync did not finish: expected ${JSON.stringify(expected)}, stored ${JSON.stringify(got)}`);
    await page.waitForTimeout(100);
  }
}

/** Starts a CPU profile of the session's page, sampled every 100 µs (an open lasts tens of milliseconds). */
async function startProfile(session: CDPSession): Promise<void> {
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await session.send('Profiler.start');
}

/** Self time per script and the busiest functions of a CDP CPU profile, in the log. */
function logProfile(
  profile: {
    nodes: { id: number; children?: number[]; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
    samples?: number[];
    timeDeltas?: number[];
  },
  what = 'sync',
): void {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  (profile.samples ?? []).forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, ms] of self) {
    const frame = byNode.get(id)!.callFrame;
    const script = frame.url.split('/').pop() || `(${frame.functionName || 'program'})`;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const fn = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber}:${frame.columnNumber}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${Math.round(v)} ms ${k}`);
  log(`${what} profile by script:\n  ${top(byScript, 10).join('\n  ')}`);
  log(`${what} profile by function:\n  ${top(byFunction, 25).join('\n  ')}`);
  // Inclusive time (a function and what it called): which component, hook or query an open or a launch waits on.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byNode.get(at)!.callFrame;
      const fn = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() || ''}:${frame.lineNumber}`;
      if (seen.has(fn)) continue;
      seen.add(fn);
      inclusive.set(fn, (inclusive.get(fn) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
    }
  });
  log(`${what} profile, inclusive:\n  ${top(inclusive, 60).join('\n  ')}`);
  // Per component (a capitalised function on the stack, the innermost one): what each part of a screen costs
  // in its own body and the hooks it calls, React's reconciling aside.
  const byComponent = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = byNode.get(at)!.callFrame.functionName;
      if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) continue;
      byComponent.set(name, (byComponent.get(name) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
      break;
    }
  });
  log(`${what} profile by component:\n  ${top(byComponent, 25).join('\n  ')}`);

  // The busiest second (least idle): what the longest tasks were made of.
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const at: number[] = [];
  let clock = 0;
  for (const d of deltas) at.push((clock += d / 1000));
  const idleId = profile.nodes.find((n) => n.callFrame.functionName === '(idle)')?.id;
  let best = { from: 0, busy: -1 };
  for (let i = 0, j = 0, busy = 0; i < samples.length; i++) {
    if (samples[i] !== idleId) busy += deltas[i] / 1000;
    while (at[i] - at[j] > 1000) {
      if (samples[j] !== idleId) busy -= deltas[j] / 1000;
      j++;
    }
    if (busy > best.busy) best = { from: j, busy };
  }
  const windowSelf = new Map<string, number>();
  for (let i = best.from; i < samples.length && at[i] - at[best.from] <= 1000; i++) {
    const frame = byNode.get(samples[i])!.callFrame;
    const fn = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() || ''}:${frame.lineNumber}`;
    windowSelf.set(fn, (windowSelf.get(fn) ?? 0) + deltas[i] / 1000);
  }
  log(`busiest second of the ${what} (${Math.round(best.busy)} ms busy, at ${Math.round(at[best.from])} ms):\n  ${top(windowSelf, 15).join('\n  ')}`);
}

/** Posts written in the device's kept threads while it was away, per catch-up round. */
const CATCH_UP_POSTS = 5000;

/** Count of a table's rows, with an optional condition. */
async function countRows(dbUrl: string, table: string, where = 'true', values: unknown[] = []): Promise<number> {
  return Number((await query<{ n: string }>(dbUrl, `select count(*) as n from public.${table} where ${where}`, values))[0].n);
}

/**
 * Catch-up after days away, side by side: the synced device is closed (no page open, so nothing
 * replicates) while CATCH_UP_POSTS posts are written across its kept threads; then the app opens
 * online and is timed until it holds them (and the activities they made); the floor fetches the
 * same new rows (changed since the round began) through PostgREST and stores them in bulk.
 */
async function catchUpRounds(
  browser: Browser,
  synced: BrowserContext,
  baseUrl: string,
  stack: { apiUrl: string; anonKey: string; dbUrl: string },
  keptIds: string[],
  threadId: string,
) {
  const appMs: number[] = [];
  const floorMs: number[] = [];
  const others = keptIds.filter((id) => id !== threadId);
  const [{ author }] = await query<{ author: string }>(stack.dbUrl, "select id as author from public.profiles where username = 'demo_producer'");
  for (let i = 0; i < SYNC_ROUNDS; i++) {
    const [{ since }] = await query<{ since: string }>(stack.dbUrl, 'select now()::text as since');
    await query(
      stack.dbUrl,
      `insert into public.posts (discussion_id, user_id, content)
       select ($2::uuid[])[1 + g % array_length($2::uuid[], 1)], $3, 'Written while you were away ' || g || ': the second half of the set ran long.'
       from generate_series(1, $1::int) g`,
      [CATCH_UP_POSTS, others, author],
    );
    await query(stack.dbUrl, 'analyze public.posts');
    const expected = {
      posts: await countRows(stack.dbUrl, 'posts', 'discussion_id = any($1::uuid[])', [keptIds]),
      user_activities: await countRows(stack.dbUrl, 'user_activities', `created_at >= now() - make_interval(days => ${RECENT_WINDOW_DAYS * 2})`),
    };
    const page = await synced.newPage();
    const t0 = performance.now();
    await page.goto(`${baseUrl}/discussions`);
    await waitForSync(page, expected);
    appMs.push(performance.now() - t0);
    await page.close();

    const floorContext = await newContext(browser);
    const floorPage = await floorContext.newPage();
    await openFloorPage(floorPage, baseUrl);
    const changed = `&_modified=gt.${encodeURIComponent(since)}`;
    const floor = await rawFloorSync(floorPage, stack.apiUrl, stack.anonKey, [
      { table: 'discussions', filter: changed },
      { table: 'posts', filter: `&discussion_id=in.(${keptIds.join(',')})${changed}` },
      { table: 'profiles', filter: changed },
      { table: 'user_activities', filter: changed },
    ]);
    floorMs.push(floor.ms);
    await floorContext.close();
    log(`catch-up of ${CATCH_UP_POSTS} posts: app ${Math.round(appMs.at(-1)!)} ms, floor ${Math.round(floor.ms)} ms (${floor.rows.posts} posts)`);
  }
  return {
    catchUpPosts: CATCH_UP_POSTS,
    catchUpMedianMs: Math.round(median(appMs)),
    catchUpRuns: appMs.map(Math.round),
    catchUpFloorMedianMs: Math.round(median(floorMs)),
    catchUpFloorRuns: floorMs.map(Math.round),
    catchUpRatio: round(median(appMs) / median(floorMs)),
  };
}

/** One offline cold start's figures: when the hub's list was readable, and the long tasks before it. */
interface ColdStart {
  /** when the first card's title painted (Element Timing) */
  ms: number;
  longTasks: number;
  longestTaskMs: number;
  /** the list first painted from the launch markup the worker served (before the app's JavaScript ran) */
  fromMarkup: boolean;
}

/**
 * Offline cold starts of the hub, 4x CPU throttling, on the synced device: from navigation to a readable list, with
 * the tasks over 50 ms before it. Each is paired with the baseline in the same run: the same build's static shell (its
 * index.html and stylesheet, scripts off) painted from the worker's cache, to its first contentful paint. A slower host
 * slows both; the ratio is what the app's own work costs.
 */
async function offlineColdStarts(synced: BrowserContext, baseUrl: string, where: ColdStartWindow): Promise<{ app: ColdStart[]; shellMs: number[] }> {
  const size = COLD_START_WINDOWS[where];
  const openPage = async () => {
    const page = await synced.newPage();
    await page.setViewportSize(size);
    return page;
  };
  const key = launchMarkupKey('/discussions');
  await synced.setOffline(false);
  // A markup kept in another window is forgotten first, so the one timed is the one this window's hub keeps: from a
  // same-origin document that runs none of the app (the precached manifest), so nothing keeps a markup meanwhile.
  const forget = await openPage();
  await forget.goto(`${baseUrl}/manifest.webmanifest`);
  await forget.evaluate(async ([cache, entry]) => (await caches.open(cache)).delete(entry), [LAUNCH_MARKUP_CACHE, key] as const);
  await forget.close();
  // The device as a member leaves it: the worker's precache complete and the hub shown long enough for its
  // look to be kept for the next launch (an idle moment after the list rendered).
  const warm = await openPage();
  await warm.goto(`${baseUrl}/discussions`);
  await warm.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  // Polled from here (a predicate that returns a promise counts as truthy to Playwright's waitForFunction at once);
  // the poll that finds the markup reads it.
  let markup: string | null = null;
  for (const until = Date.now() + 15_000; markup === null && Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 200)))
    markup = await warm.evaluate(async ([cache, entry]) => (await (await caches.open(cache)).match(entry))?.text() ?? null, [
      LAUNCH_MARKUP_CACHE,
      key,
    ] as const);
  if (markup === null) log(`the hub's launch markup was not kept within 15 s (${where}): the cold starts paint without it`);
  else {
    // How much HTML the worker puts before the list: the browser parses and lays it out before the first card.
    const file = join(ROOT, '.local', `bench-launch-markup-${where}.html`);
    writeFileSync(file, markup);
    const firstCard = markup.indexOf('data-testid="discussion-card"');
    log(
      `launch markup of the hub (${where}, ${size.width}x${size.height}): ${round(markup.length / 1024)} KB, first card at ${round(firstCard / 1024)} KB (${file})`,
    );
  }
  await warm.close();
  await synced.setOffline(true);
  // Each launch starts from the same quiet state: not while the closed page's last reads and the worker wind down.
  await new Promise((resolve) => setTimeout(resolve, COLD_START_SETTLE_MS));
  const app: ColdStart[] = [];
  const shellMs: number[] = [];
  for (let i = 0; i < COLD_STARTS; i++) {
    const cold = await openPage();
    await cold.addInitScript({ content: LONG_TASK_OBSERVER });
    await cold.addInitScript({ content: TITLE_PAINT_OBSERVER });
    const session = await synced.newCDPSession(cold);
    await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const traced = TRACE_COLD && i === COLD_STARTS - 1;
    if (traced) await startTrace(session);
    await cold.goto(`${baseUrl}/discussions`, { waitUntil: 'commit' });
    // Waited for through CDP with one small evaluation: Playwright's own pollers (waitForFunction) load its injected
    // script into the page first, about 260 ms of main thread at 4x that ran before the list's paint in traces; the
    // shell it is compared with carries no such load.
    const evaluation = session.send('Runtime.evaluate', { expression: 'globalThis.__titlePainted', awaitPromise: true, returnByValue: true });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no card title painted within 30 s')), 30_000)));
    const painted = (await Promise.race([evaluation, timeout]).finally(() => clearTimeout(timer))).result.value as
      { at: number; fromMarkup: boolean } | undefined;
    if (!painted) throw new Error("the cold start's page has no title-paint observer: the evaluation ran in another document");
    const { at: ms, fromMarkup } = painted;
    if (traced) {
      const events = await stopTrace(session);
      // The whole trace too, every thread, for chrome://tracing or a script.
      const file = join(ROOT, '.local', `cold-start-trace-${where}.json`);
      writeFileSync(file, JSON.stringify({ traceEvents: events }));
      log(
        `trace of the last cold start (title painted at ${round(ms)} ms; ${file}):\n${describeTrace(events, 'navigationStart', ms + 50, `${baseUrl}/discussions`).join('\n')}`,
      );
    }
    const tasks = await cold.evaluate(
      ([until, over]) =>
        ((globalThis as { __longTasks?: [number, number][] }).__longTasks ?? []).filter(([start, d]) => start < until && d > over).map(([, d]) => d),
      [ms, LONG_TASK_MS] as const,
    );
    app.push({ ms, longTasks: tasks.length, longestTaskMs: Math.round(Math.max(0, ...tasks)), fromMarkup });
    await cold.close();

    const shell = await openPage();
    const shellSession = await synced.newCDPSession(shell);
    await shellSession.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await shellSession.send('Emulation.setScriptExecutionDisabled', { value: true });
    // With scripts off the page cannot be polled: the browser's own lifecycle event says when it painted. Scripts
    // are turned back on only then (the document's own never run), to read the paint entry against navigation.
    await shellSession.send('Page.enable');
    await shellSession.send('Page.setLifecycleEventsEnabled', { enabled: true });
    const fcp = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 30_000);
      shellSession.on('Page.lifecycleEvent', (event) => {
        if (event.name !== 'firstContentfulPaint') return;
        clearTimeout(timer);
        resolve(true);
      });
    });
    await shell.goto(`${baseUrl}/discussions`, { waitUntil: 'commit' });
    // A shell that never paints (seen once on a heavily loaded host) is counted as a missing baseline, not a crash
    // that would lose the run's other figures.
    if (await fcp) {
      await shellSession.send('Emulation.setScriptExecutionDisabled', { value: false });
      shellMs.push(await shell.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN));
    } else log('the static shell did not paint within 30 s: this baseline run is left out');
    await shell.close();
  }
  return { app, shellMs };
}

/** The cold starts' figures, as printed and recorded. */
function coldStartFigures({ app, shellMs }: { app: ColdStart[]; shellMs: number[] }) {
  const appMs = median(app.map((c) => c.ms));
  if (shellMs.length === 0) throw new Error('the static shell never painted: no baseline for the cold start');
  return {
    coldStartOfflineCpu4xMedianMs: round(appMs),
    coldStartRuns: app.map((c) => Math.round(c.ms)),
    coldStartFromMarkup: app.filter((c) => c.fromMarkup).length,
    coldStartShellMedianMs: round(median(shellMs)),
    coldStartShellRuns: shellMs.map(Math.round),
    coldStartShellMissing: app.length - shellMs.length,
    coldStartShellRatio: round(appMs / median(shellMs)),
    coldStartLongTasksMedian: median(app.map((c) => c.longTasks)),
    coldStartLongestTaskMedianMs: median(app.map((c) => c.longestTaskMs)),
  };
}

/** The cold starts in every window, one after the other on the same device: desktop first, then phone. */
async function coldStartsInEveryWindow(synced: BrowserContext, baseUrl: string) {
  const desktop = coldStartFigures(await offlineColdStarts(synced, baseUrl, 'desktop'));
  log(describeColdStart(desktop, 'desktop'));
  const phone = coldStartFigures(await offlineColdStarts(synced, baseUrl, 'phone'));
  log(describeColdStart(phone, 'phone'));
  return { desktop, phone };
}

const describeColdStart = (c: ReturnType<typeof coldStartFigures>, where: ColdStartWindow) =>
  `offline cold start (4x CPU, ${where} ${COLD_START_WINDOWS[where].width}x${COLD_START_WINDOWS[where].height}): median ${c.coldStartOfflineCpu4xMedianMs} ms, static shell from the worker's cache ${c.coldStartShellMedianMs} ms, ratio ${c.coldStartShellRatio}; tasks over 50 ms before the list: median ${c.coldStartLongTasksMedian}, longest ${c.coldStartLongestTaskMedianMs} ms; runs ${c.coldStartRuns.join(', ')} (${c.coldStartFromMarkup} painted from the launch markup), shell ${c.coldStartShellRuns.join(', ')}`;

/** Milliseconds since the page's app started opening its store (NaN when it never did). */
function msSinceStoreOpening(page: Page): Promise<number> {
  return page.evaluate((mark) => {
    const opening = performance.getEntriesByName(mark)[0];
    return opening ? performance.now() - opening.startTime : Number.NaN;
  }, STORE_OPENING_MARK);
}

/** One initial sync of the app at `baseUrl` in a fresh context: from navigation, and from when its store started opening. */
async function timeInitialSync(browser: Browser, baseUrl: string, counts: Record<string, number>): Promise<{ ms: number; storeMs: number }> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    const t0 = performance.now();
    await page.goto(`${baseUrl}/discussions`);
    await waitForSync(page, counts);
    const ms = performance.now() - t0;
    return { ms, storeMs: await msSinceStoreOpening(page) };
  } finally {
    await context.close();
  }
}

async function main() {
  const location = await testStackLocation('bench-app');
  log('starting a seeded stack');
  const stack = await startStackProcess(location);
  const distDir = join(ROOT, '.local', 'bench-app-dist');
  const baselineDistDir = join(ROOT, '.local', 'bench-app-baseline-dist');
  let baseline: Awaited<ReturnType<typeof serve>> | undefined;
  let server: Awaited<ReturnType<typeof preview>> | undefined;
  let browser: Browser | undefined;
  try {
    const { API_URL: apiUrl, ANON_KEY: anonKey, DB_URL: dbUrl } = stack.status;
    log('building the app');
    Object.assign(process.env, { VITE_SUPABASE_URL: apiUrl, VITE_SUPABASE_ANON_KEY: anonKey, VITE_DEMO_LOGINS: 'true' });
    // A profiled run builds without minifying, so the profile names RxDB's and Dexie's functions.
    await build({ logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true, minify: SHIPPED_BUILD } });
    server = await preview({ logLevel: 'warn', build: { outDir: distDir }, preview: { port: 0, host: '127.0.0.1' } });
    const address = server.httpServer.address();
    const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    browser = await launchChromium();
    const machine = await measureMachine(browser);
    log(`machine: ${describeMachine(machine)}`);

    if (SYNC_BASELINE) {
      log(`building the baseline ${SYNC_BASELINE}`);
      await buildBaseline(SYNC_BASELINE, join(ROOT, '.local', 'bench-app-baseline-src'), baselineDistDir);
      baseline = await serve(baselineDistDir);
    }
    const precache = precacheSize(distDir);
    const js = await firstScreenJs(browser, baseUrl, distDir);
    log(
      `first screen JS ${js.firstScreenGzipKb} KB gzip; precache ${round(precache.bytes / 1024)} KB${SHIPPED_BUILD ? '' : ' (unminified for the profile: not the sizes members download)'}`,
    );

    log('growing the community');
    const { threadId, discussions } = await growCommunity(dbUrl);
    // A visitor's device keeps the posts of threads active in the recent window.
    const kept = await query<{ id: string }>(
      dbUrl,
      `select id from public.discussions where not _deleted and last_activity_at >= now() - make_interval(days => $1::int) order by last_activity_at desc limit $2`,
      [RECENT_WINDOW_DAYS, MAX_KEPT_THREADS],
    );
    const keptIds = kept.map((k) => k.id);
    const [{ n: keptPosts }] = await query<{ n: string }>(dbUrl, 'select count(*) as n from public.posts where discussion_id = any($1::uuid[])', [keptIds]);
    const counts: Record<string, number> = { posts: Number(keptPosts) };
    for (const t of ['discussions', 'profiles']) counts[t] = Number((await query<{ n: string }>(dbUrl, `select count(*) as n from public.${t}`))[0].n);
    // The floor stores the recent activity feed too: the app's sync is done when it holds it as well.
    counts.user_activities = Number(
      (
        await query<{ n: string }>(dbUrl, `select count(*) as n from public.user_activities where created_at >= now() - make_interval(days => $1::int)`, [
          RECENT_WINDOW_DAYS * 2,
        ])
      )[0].n,
    );
    log(`server holds ${JSON.stringify(counts)}`);

    // Initial sync, side by side: app, floor, app, floor... (fresh contexts, same browser).
    const floorTables = [
      { table: 'discussions', filter: '' },
      { table: 'posts', filter: `&discussion_id=in.(${keptIds.join(',')})` },
      { table: 'profiles', filter: '' },
      { table: 'followers', filter: '' },
      { table: 'blog_posts', filter: '' },
      { table: 'user_content', filter: '' },
      { table: 'user_activities', filter: `&created_at=gte.${new Date(Date.now() - 28 * 86_400_000).toISOString()}` },
    ];
    const appSyncMs: number[] = [];
    /** The same syncs timed from when the app starts opening its store (after the first screen and its quiet spell). */
    const appStoreSyncMs: number[] = [];
    /** Durations of the main thread's long tasks (over 50 ms) from navigation to the end of each app sync round. */
    const syncLongTasks: number[][] = [];
    const floorMs: number[] = [];
    let floorRows: Record<string, number> = {};
    let appRows: Record<string, number> = {};
    let synced: BrowserContext | undefined;
    const baselineSync: { ms: number; storeMs: number }[] = [];
    for (let round_ = 0; round_ < SYNC_ROUNDS; round_++) {
      if (baseline) {
        baselineSync.push(await timeInitialSync(browser, baseline.baseUrl, counts));
        log(
          `baseline ${SYNC_BASELINE} initial sync ${Math.round(baselineSync.at(-1)!.ms)} ms from navigation, ${Math.round(baselineSync.at(-1)!.storeMs)} ms from opening the store`,
        );
      }
      const context = await newContext(browser);
      await context.addInitScript({ content: LONG_TASK_OBSERVER });
      const page = await context.newPage();
      // BENCH_PROFILE_SYNC=1: a CPU profile of the last round's sync, summarised by where the time went.
      const profiler = PROFILE_SYNC && round_ === SYNC_ROUNDS - 1 ? await context.newCDPSession(page) : undefined;
      if (profiler) await startProfile(profiler);
      const t0 = performance.now();
      await page.goto(`${baseUrl}/discussions`);
      const timeline = await waitForSync(page, counts);
      appSyncMs.push(performance.now() - t0);
      appStoreSyncMs.push(await msSinceStoreOpening(page));
      log(`app sync timeline: first row stored after ${timeline.firstRowMs} ms, complete: ${JSON.stringify(timeline.doneMs)}`);
      if (profiler) logProfile((await profiler.send('Profiler.stop')).profile);
      // The sync's tasks: from when the store starts opening (loading RxDB's chunk included) to the end; the
      // first screen's own tasks before it are Lighthouse's business.
      const pageTasks = await page.evaluate((mark) => {
        const opening = performance.getEntriesByName(mark)[0]?.startTime ?? 0;
        const all = (globalThis as { __longTasks?: [number, number][] }).__longTasks ?? [];
        return {
          sync: all.filter(([start]) => start >= opening).map(([start, d]) => [Math.round(start - opening), Math.round(d)]),
          before: all.filter(([start]) => start < opening).map(([, d]) => Math.round(d)),
          marks: performance
            .getEntriesByType('mark')
            .filter((m) => m.name.startsWith('djcircle:'))
            .map((m) => `${m.name.slice(9)} ${Math.round(m.startTime - opening)}`),
        };
      }, STORE_OPENING_MARK);
      log(`the sync's requests per table: ${await syncRequestTimings(page)}`);
      syncLongTasks.push(pageTasks.sync.map(([, d]) => d));
      log(`long tasks before the store opened (the first screen): ${JSON.stringify(pageTasks.before)}`);
      log(`long tasks of the sync, [ms after the store started opening, duration]: ${JSON.stringify(pageTasks.sync)}; marks: ${pageTasks.marks.join(', ')}`);
      appRows = Object.fromEntries(await Promise.all(Object.keys(counts).map(async (c) => [c, await storedCount(page, c)] as const)));
      const tasks = syncLongTasks.at(-1)!;
      log(
        `app initial sync ${Math.round(appSyncMs.at(-1)!)} ms from navigation, ${Math.round(appStoreSyncMs.at(-1)!)} ms from opening the store; longest task ${Math.round(Math.max(0, ...tasks))} ms, ${tasks.filter((d) => d > 50).length} over 50 ms, ${tasks.filter((d) => d > 200).length} over 200 ms`,
      );
      // The synced device is kept for the thread and cold-start figures, without this tab: a second open tab of
      // the app (the replication leader, its live queries) shares the renderer's main thread with the page timed.
      await page.close();
      if (round_ === 0) synced = context;
      else await context.close();
      if (COLD_ONLY || THREAD_ONLY) break;

      const floorContext = await newContext(browser);
      const floorPage = await floorContext.newPage();
      await openFloorPage(floorPage, baseUrl);
      const floor = await rawFloorSync(floorPage, apiUrl, anonKey, floorTables);
      floorMs.push(floor.ms);
      floorRows = floor.rows;
      log(`raw floor ${Math.round(floor.ms)} ms${floor.retries ? ` (${floor.retries} fetches retried)` : ''}`);
      log(`the floor's requests per table: ${await syncRequestTimings(floorPage)}`);
      await floorContext.close();
    }

    if (COLD_ONLY) {
      await coldStartsInEveryWindow(synced!, baseUrl);
      log(`machine: ${describeMachine(machine)}`);
      await synced?.close();
      return;
    }
    const catchUp = THREAD_ONLY ? undefined : await catchUpRounds(browser, synced!, baseUrl, { apiUrl, anonKey, dbUrl }, keptIds, threadId);
    if (catchUp)
      log(`catch-up of ${CATCH_UP_POSTS} posts: median ${catchUp.catchUpMedianMs} ms, floor ${catchUp.catchUpFloorMedianMs} ms, ratio ${catchUp.catchUpRatio}`);
    const longTasks = longTaskFigures(syncLongTasks);
    log(
      `main thread during the app's sync: longest task ${longTasks.syncLongTaskMaxMs} ms, ${longTasks.syncLongTasksOver50} over 50 ms, ${longTasks.syncLongTasksOver200} over 200 ms (medians of ${SYNC_ROUNDS} rounds)`,
    );
    if (baseline) {
      const ms = median(baselineSync.map((b) => b.ms));
      const storeMs = median(baselineSync.map((b) => b.storeMs));
      log(
        `baseline ${SYNC_BASELINE} initial sync median ${Math.round(ms)} ms from navigation (ratio ${round(ms / median(floorMs))}), ${Math.round(storeMs)} ms from opening the store (ratio ${round(storeMs / median(floorMs))}); the working tree's ${Math.round(median(appSyncMs))} and ${Math.round(median(appStoreSyncMs))} ms`,
      );
    }
    if (SYNC_ONLY) {
      log(
        `initial sync median ${Math.round(median(appSyncMs))} ms from navigation (ratio ${round(median(appSyncMs) / median(floorMs))}), ${Math.round(median(appStoreSyncMs))} ms from opening the store (ratio ${round(median(appStoreSyncMs) / median(floorMs))}), floor ${Math.round(median(floorMs))} ms`,
      );
      await synced?.close();
      return;
    }

    // Thread with 500 posts from the local store (the synced device), in-app navigation.
    const page = await synced!.newPage();
    await page.goto(`${baseUrl}/discussions`);
    await page.waitForSelector('[data-testid="discussion-card"]');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    const threadPath = `/discussions/thread/${threadId}`;
    // Two figures per open: the first post readable, and all 500 posts in the document.
    const threadTimes: number[] = [];
    const threadAllTimes: number[] = [];
    // BENCH_PROFILE_THREAD=1: CPU profiles of the later opens (unminified build), up to the first post.
    const threadProfiler = PROFILE_THREAD ? await synced!.newCDPSession(page) : undefined;
    for (let i = 0; i < 15; i++) {
      await timeInAppNavigation(page, '/discussions', '[data-testid="discussion-card"]', 1);
      const profiled = threadProfiler && i >= 10;
      if (profiled) await startProfile(threadProfiler);
      const open = await timeThreadOpen(page, threadPath, profiled ? 1 : APP_TARGETS.threadPosts);
      if (profiled) {
        log(`profiled open ${i}: first post ${round(open.firstScreenMs)} ms`);
        logProfile((await threadProfiler.send('Profiler.stop')).profile, 'thread open');
        continue;
      }
      threadTimes.push(open.firstScreenMs);
      threadAllTimes.push(open.allPostsMs);
    }
    log(`thread of 500 from the local store: first post readable median ${round(median(threadTimes))} ms, all posts ${round(median(threadAllTimes))} ms`);

    // 300 ms round trip: the local store against the online-only design's two PostgREST calls, alternating.
    const cdp = await synced!.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: APP_TARGETS.rttMs, downloadThroughput: -1, uploadThroughput: -1 });
    const localRtt: number[] = [];
    const localRttAll: number[] = [];
    const onlineRtt: number[] = [];
    let onlinePosts = 0;
    for (let i = 0; i < 9; i++) {
      await timeInAppNavigation(page, '/discussions', '[data-testid="discussion-card"]', 1);
      const openedAt = await page.evaluate(() => {
        performance.clearResourceTimings();
        return performance.now();
      });
      if (TRACE_THREAD) await startTrace(cdp);
      const open = await timeThreadOpen(page, threadPath, APP_TARGETS.threadPosts);
      if (TRACE_THREAD)
        log(
          `trace of open ${i} (${round(open.firstScreenMs)} ms):\n${describeTrace(await stopTrace(cdp), 'bench:thread-open', open.firstScreenMs).join('\n')}`,
        );
      if (THREAD_ONLY) {
        // what the open asked the network (or the worker) for before its first post showed
        const asked = await page.evaluate(
          ([from, until]) =>
            performance
              .getEntriesByType('resource')
              .filter((e) => e.startTime >= from && e.startTime <= from + until)
              .map((e) => `${Math.round(e.startTime - from)}+${Math.round(e.duration)} ${e.name.replace(window.location.origin, '').slice(0, 90)}`),
          [openedAt, open.firstScreenMs] as const,
        );
        log(
          `300 ms RTT open ${i}: first post ${round(open.firstScreenMs)} ms (${open.postsAtFirstScreen} posts in its frame, unread divider before post ${open.dividerAt}); requests before it: ${JSON.stringify(asked)}`,
        );
      }
      localRtt.push(open.firstScreenMs);
      localRttAll.push(open.allPostsMs);
      const online = await timeOnlineThreadFetch(page, apiUrl, anonKey, threadId);
      onlineRtt.push(online.ms);
      onlinePosts = online.posts;
    }
    // The same under the same latency, each thread opened for the first time: no read of it is warm in memory
    // (the figure above reopens one thread, as a reader returning to it does, and the app keeps a left thread's read
    // live for THREAD_WARM_MS).
    const firstOpenLocal: number[] = [];
    const firstOpenOnline: number[] = [];
    for (const other of keptIds.filter((id) => id !== threadId).slice(0, FIRST_OPENS)) {
      await timeInAppNavigation(page, '/discussions', '[data-testid="discussion-card"]', 1);
      firstOpenLocal.push((await timeThreadOpen(page, `/discussions/thread/${other}`, 1)).firstScreenMs);
      firstOpenOnline.push((await timeOnlineThreadFetch(page, apiUrl, anonKey, other)).ms);
    }
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    // The online-only figure is both calls answered and parsed, before any rendering: a floor for either moment.
    log(`300 ms RTT: local first post ${round(median(localRtt))} ms / all posts ${round(median(localRttAll))} ms, online-only ${round(median(onlineRtt))} ms`);
    if (THREAD_ONLY) {
      log(`300 ms RTT ratio ${round(median(onlineRtt) / median(localRtt))} (${describeMachine(machine)})`);
      await page.close();
      await synced!.close();
      return;
    }
    log(
      `300 ms RTT, ${firstOpenLocal.length} threads each opened once: local first post ${round(median(firstOpenLocal))} ms, online-only ${round(median(firstOpenOnline))} ms`,
    );
    await page.close();

    const cold = await coldStartsInEveryWindow(synced!, baseUrl);
    await synced!.close();

    const result = {
      // A profiled run's sizes are of an unminified build.
      shippedBuild: SHIPPED_BUILD,
      firstScreenJsGzipKb: js.firstScreenGzipKb,
      firstScreenJsFiles: js.firstScreenFiles,
      firstScreenLargestGzipKb: js.firstScreenLargestGzipKb,
      jsLoadedByNetworkIdleGzipKb: js.loadedByIdleGzipKb,
      precacheEntries: precache.entries,
      precacheKb: round(precache.bytes / 1024),
      precacheGzipKb: round(precache.gzipBytes / 1024),
      thread500MedianMs: round(median(threadTimes)),
      thread500AllPostsMedianMs: round(median(threadAllTimes)),
      thread500Runs: threadTimes.length,
      rtt300LocalMedianMs: round(median(localRtt)),
      rtt300OnlineOnlyMedianMs: round(median(onlineRtt)),
      rtt300Ratio: round(median(onlineRtt) / median(localRtt)),
      rtt300LocalAllPostsMedianMs: round(median(localRttAll)),
      rtt300AllPostsRatio: round(median(onlineRtt) / median(localRttAll)),
      rtt300OnlineOnlyPosts: onlinePosts,
      rtt300FirstOpenLocalMedianMs: round(median(firstOpenLocal)),
      rtt300FirstOpenOnlineOnlyMedianMs: round(median(firstOpenOnline)),
      rtt300FirstOpenRatio: round(median(firstOpenOnline) / median(firstOpenLocal)),
      serverPosts: counts.posts,
      serverDiscussions: discussions,
      initialSyncMedianMs: Math.round(median(appSyncMs)),
      initialSyncRuns: appSyncMs.map(Math.round),
      initialSyncFromStoreMedianMs: Math.round(median(appStoreSyncMs)),
      initialSyncFromStoreRuns: appStoreSyncMs.map(Math.round),
      initialSyncFromStoreRatio: round(median(appStoreSyncMs) / median(floorMs)),
      rawFloorMedianMs: Math.round(median(floorMs)),
      rawFloorRuns: floorMs.map(Math.round),
      initialSyncRatio: round(median(appSyncMs) / median(floorMs)),
      ...longTasks,
      ...catchUp,
      appStoredRows: appRows,
      rawFloorRows: floorRows,
      // The desktop window's figures keep the names earlier runs recorded them under.
      ...cold.desktop,
      coldStartPhone: cold.phone,
      machine,
      browser: 'Debian Chromium via playwright-core; app and floor in the same browser, same run',
      // The machine is shared: the load average (1, 5, 15 min) at the end tells how noisy the figures are.
      loadAverage: loadavg().map((x) => Math.round(x * 10) / 10),
    };
    log(`machine: ${describeMachine(machine)}`);
    console.table(Object.fromEntries(Object.entries(result).filter(([, v]) => typeof v !== 'object')));
    console.log(JSON.stringify({ firstScreenLargestGzipKb: js.firstScreenLargestGzipKb, appStoredRows: appRows, rawFloorRows: floorRows }));
    recordBenchResult('app', result);
    const missed = [
      SHIPPED_BUILD && result.firstScreenJsGzipKb > APP_TARGETS.firstScreenJsGzipKb && 'first-screen JS',
      SHIPPED_BUILD && result.precacheKb > APP_TARGETS.precacheMb * 1024 && 'precache size',
      result.thread500MedianMs >= APP_TARGETS.thread500MedianMs && 'thread of 500',
      result.rtt300Ratio < APP_TARGETS.rttRatioMin && '300 ms RTT ratio',
      result.initialSyncRatio > APP_TARGETS.syncRatioMax && 'initial sync ratio',
      result.coldStartOfflineCpu4xMedianMs >= APP_TARGETS.coldStartMedianMs && 'offline cold start',
      result.coldStartShellRatio > APP_TARGETS.coldStartShellRatioMax && 'offline cold start against the static shell',
      result.coldStartLongTasksMedian > APP_TARGETS.coldStartLongTasks && 'long tasks before the cold start list',
    ].filter(Boolean);
    if (missed.length > 0) {
      console.error(`app benchmark (${describeMachine(machine)}): missed ${missed.join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await browser?.close();
    await server?.close();
    await baseline?.server.close();
    await stack.stop();
    rmSync(location.localDir, { recursive: true, force: true });
    rmSync(distDir, { recursive: true, force: true });
    rmSync(baselineDistDir, { recursive: true, force: true });
    rmSync(join(ROOT, '.local', 'bench-app-baseline-src'), { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
