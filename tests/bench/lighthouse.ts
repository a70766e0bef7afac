/**
 * First-visit benchmark: `npm run bench -- lighthouse`.
 *
 * Starts its own seeded stack, builds the app pointed at it, serves the production build, and runs
 * Lighthouse (its default mobile profile: simulated slow 4G, 4x CPU slowdown, an empty cache in a
 * fresh browser profile each run) in Debian's Chromium against five pages a shared link can open:
 * a thread, the hub, home, a profile and a blog post. Each page is measured RUNS times; the figures
 * reported are medians of the performance score, LCP, TBT, CLS and the tasks over 50 ms before LCP,
 * printed with the Chromium version and the host's `benchmarkIndex` (Lighthouse's CPU probe of each run).
 * Prints a table, merges the figures into bench-results.json under `lighthouse`, exits 1 when a
 * target is missed (a finding, not a crash). LIGHTHOUSE_BASELINE=<git ref> also builds that commit's app against
 * the same stack and measures it run for run alternating with the working tree's (printed side by side with the
 * ratios of the medians; the targets and the recorded figures are the working tree's). LIGHTHOUSE_DETAILS=1 prints
 * where each run's main thread went and why its trace ended when it did; LIGHTHOUSE_TRACE_DIR=<dir> writes each
 * run's trace there.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, systemChromium } from '../../playwright.config';
import { launchChromium, withoutAddressBarPopup } from '../support/chromium-args';
import { startBenchApps } from './baseline-build';
import { describeMachine, type Machine } from './machine';
import { checkPagesRender, sharedLinkPages } from './pages';
import { median, recordBenchResult } from './results';

/** Core Web Vitals' "good" thresholds and the issue's score target. */
export const LIGHTHOUSE_TARGETS = { score: 95, lcpMs: 2500, tbtMs: 150, cls: 0.1, longTasksBeforeLcp: 0 } as const;

/** A main-thread task longer than this blocks input (Lighthouse's and the Long Tasks API's threshold). */
const LONG_TASK_MS = 50;

/** Runs per page; odd, so the median is one measured run. */
const RUNS = 3;

const log = (message: string) => console.log(`[lighthouse bench] ${message}`);

interface RunFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Tasks over 50 ms that started before the largest contentful paint (Lighthouse's timings, as LCP's). */
  longTasksBeforeLcp: number;
  /** The longest of them, ms. */
  longestTaskBeforeLcpMs: number;
}

/**
 * The host as Lighthouse saw it in one run: its browser and its CPU probe. The version comes from the browser
 * itself (CDP's Browser.getVersion, which Lighthouse keeps as HostProduct): the user agent Chromium reports is
 * reduced to "156.0.0.0", which hides which build ran.
 */
function machineOf(hostProduct: string, lhr: { environment: { hostUserAgent: string; benchmarkIndex: number } }): Machine {
  return {
    chromium: /\/([\d.]+)$/.exec(hostProduct)?.[1] ?? /Chrome\/([\d.]+)/.exec(lhr.environment.hostUserAgent)?.[1] ?? lhr.environment.hostUserAgent,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

async function measure(url: string, chromePath: string, keepPopup = false): Promise<RunFigures & { machine: Machine; lighthouse: string }> {
  // A fresh profile per run: chrome-launcher makes a new user-data-dir, so the cache and the service worker are empty.
  // Unless `keepPopup`, chrome-launcher's own flags with the address-bar popup's features added to its disabled ones:
  // that popup's renderer loads at the browser's start and takes a core of this 2-core host (tests/support/chromium-args.ts).
  const flags = ['--headless=new', ...CHROMIUM_ARGS, '--disable-quic'];
  const chrome = await chromeLauncher.launch(
    keepPopup
      ? { chromePath, chromeFlags: flags }
      : {
          chromePath,
          ignoreDefaultFlags: true,
          chromeFlags: withoutAddressBarPopup([...chromeLauncher.Launcher.defaultFlags(), '--disable-setuid-sandbox', ...flags]),
        },
  );
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr, artifacts } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    if (process.env.LIGHTHOUSE_TRACE_DIR) {
      // The whole trace, for reading the main thread's tasks event by event (chrome://tracing or a script).
      mkdirSync(process.env.LIGHTHOUSE_TRACE_DIR, { recursive: true });
      const file = join(process.env.LIGHTHOUSE_TRACE_DIR, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`);
      writeFileSync(file, JSON.stringify(artifacts.Trace));
      log(`trace written to ${file}`);
    }
    if (process.env.LIGHTHOUSE_DETAILS) {
      // Where the main thread went, for chasing TBT: the scripts that cost most, and the long tasks.
      const items = (id: string) => (lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
      log(
        `bootup: ${JSON.stringify(
          items('bootup-time')
            .slice(0, 6)
            .map((i) => [String(i.url).split('/').pop(), Math.round(Number(i.total)), Math.round(Number(i.scripting))]),
        )}`,
      );
      log(
        `long tasks: ${JSON.stringify(
          items('long-tasks')
            .slice(0, 10)
            .map((i) => [String(i.url).split('/').pop(), Math.round(Number(i.startTime)), Math.round(Number(i.duration))]),
        )}`,
      );
      log(`lcp element: ${JSON.stringify(items('largest-contentful-paint-element').slice(0, 1))}`.slice(0, 400));
      log(
        `requests: ${items('network-requests').length}, deprecations: ${items('deprecations').length}, bad source maps: ${items('valid-source-maps').length}`,
      );
      const observed = items('metrics')[0] ?? {};
      log(
        `metrics: FCP ${Math.round(numeric('first-contentful-paint'))} ms, SI ${Math.round(numeric('speed-index'))} ms, TTI ${Math.round(numeric('interactive'))} ms; observed unthrottled: FCP ${Math.round(Number(observed.observedFirstContentfulPaint))} ms, LCP ${Math.round(Number(observed.observedLargestContentfulPaint))} ms`,
      );
      // What the findings are, not only how many.
      for (const id of ['deprecations', 'valid-source-maps']) {
        for (const item of items(id).slice(0, 5)) log(`${id}: ${JSON.stringify(item).slice(0, 300)}`);
      }
      // The observed requests in start order: which ones the first screen waited for, and when.
      log(
        `request timeline: ${JSON.stringify(
          items('network-requests')
            .slice(0, 40)
            .map((i) => [
              String(i.url)
                .replace(/^https?:\/\/[^/]+/, '')
                .slice(0, 60),
              Math.round(Number(i.networkRequestTime)),
              Math.round(Number(i.networkEndTime)),
              Math.round(Number(i.transferSize) / 1024),
            ]),
        )}`,
      );
      log(`lcp breakdown: ${JSON.stringify(items('lcp-breakdown-insight')).slice(0, 500)}`);
      // Why the trace ended when it did: Lighthouse stops after load, network quiet and a second with no long task;
      // the app's own marks (first screen, store opening) show whether the store's work fell inside the trace.
      const at = (key: string) => Math.round(Number(observed[key]));
      log(
        `trace: load ${at('observedLoad')} ms, DOMContentLoaded ${at('observedDomContentLoaded')} ms, last visual change ${at('observedLastVisualChange')} ms, trace end ${at('observedTraceEnd')} ms`,
      );
      log(`marks: ${JSON.stringify(items('user-timings').map((i) => [String(i.name).replace(/^djcircle:/, ''), Math.round(Number(i.startTime))]))}`);
      log(`main thread by kind (simulated): ${JSON.stringify(items('mainthread-work-breakdown').map((i) => [i.group, Math.round(Number(i.duration))]))}`);
      const tasks = items('main-thread-tasks').filter((i) => Number(i.duration) >= 50);
      log(`observed tasks >= 50 ms: ${JSON.stringify(tasks.map((i) => [Math.round(Number(i.startTime)), Math.round(Number(i.duration))]))}`);
      const lastRequests = [...items('network-requests')].sort((a, b) => Number(b.networkEndTime) - Number(a.networkEndTime)).slice(0, 4);
      log(
        `last requests to end: ${JSON.stringify(
          lastRequests.map((i) => [
            String(i.url)
              .replace(/^https?:\/\/[^/]+/, '')
              .slice(0, 60),
            Math.round(Number(i.networkRequestTime)),
            Math.round(Number(i.networkEndTime)),
          ]),
        )}`,
      );
    }
    const lcpMs = Math.round(numeric('largest-contentful-paint'));
    const longTasks = ((lhr.audits['long-tasks']?.details as { items?: { startTime?: number; duration?: number }[] } | undefined)?.items ?? []).filter(
      (t) => Number(t.duration) > LONG_TASK_MS && Number(t.startTime) < lcpMs,
    );
    return {
      machine: machineOf(artifacts.HostProduct, lhr),
      lighthouse: lhr.lighthouseVersion,
      longTasksBeforeLcp: longTasks.length,
      longestTaskBeforeLcpMs: Math.round(Math.max(0, ...longTasks.map((t) => Number(t.duration)))),
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs,
      tbtMs: Math.round(numeric('total-blocking-time')),
      cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
    };
  } finally {
    await chrome.kill();
  }
}

/** Each figure's median over a page's runs. */
function medians(runs: RunFigures[]): RunFigures {
  return {
    score: median(runs.map((r) => r.score)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
    longTasksBeforeLcp: median(runs.map((r) => r.longTasksBeforeLcp)),
    longestTaskBeforeLcpMs: median(runs.map((r) => r.longestTaskBeforeLcpMs)),
  };
}

async function main() {
  const baselineRef = process.env.LIGHTHOUSE_BASELINE;
  // LIGHTHOUSE_COMPARE_POPUP=1: the baseline is this build in a browser that keeps its address-bar popup.
  const comparePopup = process.env.LIGHTHOUSE_COMPARE_POPUP === '1' && !baselineRef;
  const baselineName = comparePopup ? 'with the popup' : baselineRef;
  // LIGHTHOUSE_VITE_CONFIG=<file>: build with another Vite config (comparing a bundling change side by side).
  const apps = await startBenchApps('lighthouse', { baselineRef, configFile: process.env.LIGHTHOUSE_VITE_CONFIG, log });
  try {
    const dbUrl = apps.stack.status.DB_URL;
    const baseUrl = apps.working.baseUrl;
    const baselineUrl = comparePopup ? baseUrl : apps.baseline?.baseUrl;
    const chromePath = systemChromium();
    if (!chromePath) throw new Error('Chromium is not installed (apt-get install -y chromium)');

    // LIGHTHOUSE_PAGES=thread,hub measures only those (a quicker look while working on one page).
    const only = process.env.LIGHTHOUSE_PAGES?.split(',');
    const targets = Object.fromEntries(Object.entries(await sharedLinkPages(dbUrl)).filter(([name]) => !only || only.includes(name)));
    const checker = await launchChromium();
    try {
      await checkPagesRender(checker, baseUrl, targets);
      if (baselineUrl) await checkPagesRender(checker, baselineUrl, targets);
    } finally {
      await checker.close();
    }
    const result: Record<string, RunFigures & { runs: RunFigures[] }> = {};
    const baselineResult: Record<string, RunFigures> = {};
    const machines: Machine[] = [];
    let lighthouseVersion = '';
    for (const [name, path] of Object.entries(targets)) {
      const runs: RunFigures[] = [];
      const baselineRuns: RunFigures[] = [];
      for (let i = 0; i < RUNS; i++) {
        // The baseline right before the working tree, run for run: both see the same moment's host load.
        if (baselineUrl) {
          const { machine, lighthouse: _version, ...figures } = await measure(`${baselineUrl}${path}`, chromePath, comparePopup);
          baselineRuns.push(figures);
          machines.push(machine);
          log(`${name} baseline ${baselineName} run ${i + 1} (${describeMachine(machine)}): ${JSON.stringify(figures)}`);
        }
        const { machine, lighthouse: version, ...figures } = await measure(`${baseUrl}${path}`, chromePath);
        runs.push(figures);
        machines.push(machine);
        lighthouseVersion = version;
        log(`${name} run ${i + 1} (${describeMachine(machine)}): ${JSON.stringify(figures)}`);
      }
      if (baselineRuns.length > 0) baselineResult[name] = medians(baselineRuns);
      result[name] = { ...medians(runs), runs };
    }

    // The host's figure is the median of every run's probe: one probe alone varies by a tenth.
    const machine: Machine = { chromium: machines[0]?.chromium ?? '', benchmarkIndex: Math.round(median(machines.map((m) => m.benchmarkIndex))) };
    log(
      `machine: ${describeMachine(machine)} (benchmarkIndex per run: ${machines.map((m) => Math.round(m.benchmarkIndex)).join(', ')}), Lighthouse ${lighthouseVersion}`,
    );
    console.table(Object.fromEntries(Object.entries(result).map(([k, { runs: _runs, ...figures }]) => [k, figures])));
    if (baselineName) {
      log(`side by side, medians: baseline ${baselineName} -> working tree (ratio working tree / baseline)`);
      console.table(
        Object.fromEntries(
          Object.entries(baselineResult).map(([k, b]) => {
            const w = result[k]!;
            const pair = (key: keyof RunFigures) => `${b[key]} -> ${w[key]}${b[key] ? ` (${(w[key] / b[key]).toFixed(2)})` : ''}`;
            return [
              k,
              { score: pair('score'), lcpMs: pair('lcpMs'), tbtMs: pair('tbtMs'), cls: pair('cls'), longestTaskBeforeLcpMs: pair('longestTaskBeforeLcpMs') },
            ];
          }),
        ),
      );
    }
    recordBenchResult('lighthouse', {
      ...result,
      machine,
      benchmarkIndexRuns: machines.map((m) => Math.round(m.benchmarkIndex)),
      lighthouseVersion,
      profile: 'Lighthouse default mobile (simulated slow 4G, 4x CPU), Debian Chromium, medians of 3',
    });

    const missed = Object.entries(result).flatMap(([name, r]) =>
      [
        r.score < LIGHTHOUSE_TARGETS.score && `${name} score`,
        r.lcpMs > LIGHTHOUSE_TARGETS.lcpMs && `${name} LCP`,
        r.tbtMs > LIGHTHOUSE_TARGETS.tbtMs && `${name} TBT`,
        r.cls > LIGHTHOUSE_TARGETS.cls && `${name} CLS`,
        r.longTasksBeforeLcp > LIGHTHOUSE_TARGETS.longTasksBeforeLcp && `${name} long tasks before LCP`,
      ].filter((x): x is string => Boolean(x)),
    );
    if (missed.length > 0) {
      console.error(`lighthouse benchmark (${describeMachine(machine)}): missed ${missed.join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await apps.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
