/**
 * A shared link's first visit at 4x CPU, measured in the page itself: `npm run bench -- first-visit`.
 *
 * Lighthouse simulates a phone from one unthrottled load, so a host whose speed moves between runs (this
 * one's benchmarkIndex ranged 942-2,570 within one Lighthouse bench) moves its figures by more than most
 * changes do. Here the browser itself runs 4x slower (CDP CPU throttling, as DevTools does) and the page
 * reports what it saw: first contentful paint, largest contentful paint, the app's first-screen mark, the
 * long tasks before LCP, and the blocking time (each long task's time over 50 ms) from FCP until the page
 * has been quiet for 2 s. Many rounds, medians, no target: a tool for comparing changes.
 *
 * Every round also loads the framework's floor (tests/bench/framework-floor: React and the router alone, one
 * route, one heading), built here: what any first screen of this stack costs before the app adds anything.
 *
 * FIRST_VISIT_BASELINE=<git ref> builds that commit's app against the same stack and loads it right before the
 * working tree's in every round, so both see the same moment's host. FIRST_VISIT_PAGES=thread,hub picks pages;
 * FIRST_VISIT_ROUNDS (default 7) the rounds; FIRST_VISIT_DETAILS=1 prints each visit's long tasks (start and length, ms).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { launchChromium } from '../support/chromium-args';
import { FIRST_SCREEN_MARK } from '../../src/lib/shell-constants';
import { ROOT } from '../support/stack-process';
import { serve, startBenchApps } from './baseline-build';
import { describeMachine, measureMachine, type Machine } from './machine';
import { checkPagesRender, sharedLinkPages, waitForFirstScreen } from './pages';
import { median, recordBenchResult } from './results';

const log = (message: string) => console.log(`[first visit] ${message}`);

const CPU_SLOWDOWN = 4;
const ROUNDS = Number(process.env.FIRST_VISIT_ROUNDS ?? 7);
/** The page counts as settled once no long task has started for this long (Lighthouse waits for CPU quiet too). */
const QUIET_MS = 2_000;
const SETTLE_CAP_MS = 20_000;

interface Visit {
  fcpMs: number;
  lcpMs: number;
  firstScreenMs: number;
  longTasksBeforeLcp: number;
  longestTaskBeforeLcpMs: number;
  blockingMs: number;
  /** [start, duration] of every long task, page clock */
  longTasks?: [number, number][];
}

/** Installed before any of the page's own scripts: long tasks are not kept in the performance timeline. */
const RECORD_LONG_TASKS = `(() => {
  const tasks = (window.__longTasks = []);
  new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask' });
})()`;

/** Waits until the page's first screen is on the glass; returns when, in the page's clock. */
type FirstScreen = (page: Page) => Promise<number>;

const FLOOR_LABEL = 'framework floor';

async function visit(browser: Browser, url: string, firstScreen: FirstScreen = waitForFirstScreen): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(RECORD_LONG_TASKS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url);
    const firstScreenMs = await firstScreen(page);
    const started = Date.now();
    for (;;) {
      const quietFor = await page.evaluate(() => {
        const tasks = (window as unknown as { __longTasks: [number, number][] }).__longTasks;
        const last = tasks.at(-1);
        return performance.now() - (last ? last[0] + last[1] : 0);
      });
      if (quietFor >= QUIET_MS || Date.now() - started > SETTLE_CAP_MS) break;
      await page.waitForTimeout(QUIET_MS - quietFor + 50);
    }
    const figures = await page.evaluate(async (mark) => {
      const lcp = await new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? Number.NaN)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
      });
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      const tasks = (window as unknown as { __longTasks: [number, number][] }).__longTasks;
      const before = tasks.filter(([start]) => start < lcp);
      return {
        fcpMs: fcp,
        lcpMs: lcp,
        firstScreenMs: performance.getEntriesByName(mark)[0]?.startTime ?? Number.NaN,
        longTasksBeforeLcp: before.length,
        longestTaskBeforeLcpMs: Math.max(0, ...before.map(([, d]) => d)),
        blockingMs: tasks.filter(([start]) => start >= fcp).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0),
        longTasks: tasks.map(([start, d]) => [Math.round(start), Math.round(d)] as [number, number]),
      };
    }, FIRST_SCREEN_MARK);
    return { ...figures, firstScreenMs: Number.isNaN(figures.firstScreenMs) ? firstScreenMs : figures.firstScreenMs };
  } finally {
    await context.close();
  }
}

type Figures = Omit<Visit, 'longTasks'>;
const FIGURES: (keyof Figures)[] = ['fcpMs', 'lcpMs', 'firstScreenMs', 'longTasksBeforeLcp', 'longestTaskBeforeLcpMs', 'blockingMs'];

function medians(visits: Visit[]): Figures {
  return Object.fromEntries(FIGURES.map((k) => [k, Math.round(median(visits.map((v) => v[k])))])) as Figures;
}

async function main() {
  const baselineRef = process.env.FIRST_VISIT_BASELINE;
  const apps = await startBenchApps('first-visit', { baselineRef, log });
  const floorDist = join(ROOT, '.local', 'bench-first-visit-floor-dist');
  let floorServer: Awaited<ReturnType<typeof serve>>['server'] | undefined;
  const browser = await launchChromium();
  try {
    const builds = [
      ...(apps.baseline ? [{ label: `baseline ${baselineRef}`, baseUrl: apps.baseline.baseUrl }] : []),
      { label: 'working tree', baseUrl: apps.working.baseUrl },
    ];
    log('building the framework floor');
    await build({
      root: join(ROOT, 'tests', 'bench', 'framework-floor'),
      configFile: false,
      plugins: [react()],
      logLevel: 'warn',
      build: { outDir: floorDist, emptyOutDir: true, target: 'es2022' },
    });
    const floor = await serve(floorDist);
    floorServer = floor.server;
    const floorFirstScreen: FirstScreen = async (page) => {
      await page.waitForSelector('h1');
      return page.evaluate(() => performance.now());
    };

    const only = process.env.FIRST_VISIT_PAGES?.split(',');
    const targets = Object.fromEntries(Object.entries(await sharedLinkPages(apps.stack.status.DB_URL)).filter(([name]) => !only || only.includes(name)));
    for (const b of builds) await checkPagesRender(browser, b.baseUrl, targets);

    const machines: Machine[] = [];
    const results: Record<string, Record<string, Figures>> = {};
    for (const [name, path] of Object.entries(targets)) {
      const visits = new Map<string, Visit[]>([FLOOR_LABEL, ...builds.map((b) => b.label)].map((label) => [label, []]));
      for (let round = 0; round < ROUNDS; round++) {
        machines.push(await measureMachine(browser));
        visits.get(FLOOR_LABEL)!.push(await visit(browser, `${floor.baseUrl}/`, floorFirstScreen));
        for (const b of builds) {
          const v = await visit(browser, `${b.baseUrl}${path}`);
          visits.get(b.label)!.push(v);
          const { longTasks, ...figures } = v;
          log(`${name} ${b.label} round ${round + 1}: ${JSON.stringify(Object.fromEntries(Object.entries(figures).map(([k, x]) => [k, Math.round(x)])))}`);
          if (process.env.FIRST_VISIT_DETAILS) log(`  long tasks: ${JSON.stringify(longTasks)}`);
        }
      }
      results[name] = Object.fromEntries([...visits].map(([label, vs]) => [label, medians(vs)]));
    }
    const machine: Machine = { chromium: machines[0]?.chromium ?? '', benchmarkIndex: Math.round(median(machines.map((m) => m.benchmarkIndex))) };
    log(`machine: ${describeMachine(machine)} (per round: ${machines.map((m) => m.benchmarkIndex).join(', ')}); CPU ${CPU_SLOWDOWN}x, medians of ${ROUNDS}`);
    for (const [name, byBuild] of Object.entries(results)) {
      console.table(byBuild);
      const f = byBuild[FLOOR_LABEL]!;
      const w = byBuild['working tree']!;
      log(
        `${name} working tree / framework floor: LCP ${(w.lcpMs / f.lcpMs).toFixed(2)}, longest task before LCP ${(w.longestTaskBeforeLcpMs / f.longestTaskBeforeLcpMs).toFixed(2)}`,
      );
      if (baselineRef) {
        const b = byBuild[`baseline ${baselineRef}`]!;
        log(`${name} working tree / baseline: ${FIGURES.map((k) => `${k} ${b[k] ? (w[k] / b[k]).toFixed(2) : '-'}`).join(', ')}`);
      }
    }
    recordBenchResult('firstVisitThrottled', { machine, cpuSlowdown: CPU_SLOWDOWN, rounds: ROUNDS, baseline: baselineRef ?? null, results });
  } finally {
    await browser.close();
    await floorServer?.close();
    await apps.close();
    rmSync(floorDist, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
