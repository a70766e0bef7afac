/**
 * Where a first screen's main-thread time goes: `npm run bench -- profile`.
 *
 * Starts its own seeded stack, builds the app unminified with source maps (for this run only), and
 * records a CDP CPU profile at 4x CPU throttling of: a visitor's first visit to each shared-link page
 * (empty browser), and an offline cold start of the hub on a device that synced the seeded community.
 * The profile is summarised by function (self and total ms, named by their source file through the
 * source maps) and split into tasks (runs of samples between idle gaps): the longest tasks before
 * the first screen was readable, each with the functions that made it. Figures only; no target.
 * PROFILE_PAGES=thread,cold profiles only those. PROFILE_AFTER_MS=2000 counts the tasks that start in the 2 s
 * after the first screen instead (what a first visit's blocking time after its first paint is made of).
 * PROFILE_BASELINE=<git ref> also builds that commit's app against the same stack and profiles each page with it
 * right before the working tree's, side by side in one run.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../support/chromium-args';
import { ROOT } from '../support/stack-process';
import { startBenchApps } from './baseline-build';
import { machineLabel } from './machine';
import { sharedLinkPages, waitForFirstScreen } from './pages';

const log = (message: string) => console.log(`[profile] ${message}`);

/** A sampled profile as CDP's Profiler.stop returns it. */
interface CpuProfile {
  nodes: { id: number; parent?: number; children?: number[]; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** PROFILE_AFTER_MS=<ms>: profile that spell after the first screen instead of what came before it. */
const AFTER_MS = Number(process.env.PROFILE_AFTER_MS ?? 0);

/** Idle gaps shorter than this join two runs of samples into one task (a task's own sampling jitter). */
const TASK_GAP_MS = 1;

/** A function's source position through the build's source map, as "src/…/file.ts:line name". */
function sourceNamer(distDir: string) {
  const maps = new Map<string, TraceMap | null>();
  return (frame: CpuProfile['nodes'][number]['callFrame']): string => {
    const name = frame.functionName || '(anonymous)';
    if (!frame.url) return name;
    const file = new URL(frame.url).pathname;
    if (!maps.has(file)) {
      try {
        maps.set(file, new TraceMap(readFileSync(join(distDir, `${file}.map`), 'utf8')));
      } catch {
        maps.set(file, null);
      }
    }
    const map = maps.get(file);
    const at = map ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }) : null;
    const source = at?.source ? relative(ROOT, join(distDir, 'assets', at.source)).replace(/^node_modules\//, '') : file;
    return `${name} ${source}:${at?.line ?? frame.lineNumber + 1}`;
  };
}

/** Self and total time per function, the tasks, and each long task's heaviest functions, as printed lines. */
export function summariseProfile(profile: CpuProfile, nameOf: (frame: CpuProfile['nodes'][number]['callFrame']) => string, untilMs: number, fromMs = 0) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const samples = profile.samples ?? [];
  const deltas = (profile.timeDeltas ?? []).map((d) => d / 1000);
  const idle = new Set(profile.nodes.filter((n) => ['(idle)', '(program)', '(garbage collector)'].includes(n.callFrame.functionName)).map((n) => n.id));
  const idleOnly = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  const names = new Map<number, string>();
  const nameFor = (id: number) => {
    let n = names.get(id);
    if (n === undefined) names.set(id, (n = nameOf(byId.get(id)!.callFrame)));
    return n;
  };
  // Each sample's duration is the next delta (CDP gives the time since the previous sample).
  const at: number[] = [];
  let clock = 0;
  for (const d of deltas) at.push((clock += d));
  const sampleMs = (i: number) => deltas[i + 1] ?? 0;

  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const tasks: { start: number; ms: number; self: Map<string, number>; total: Map<string, number> }[] = [];
  let task: (typeof tasks)[number] | undefined;
  let lastBusy = -Infinity;
  for (let i = 0; i < samples.length; i++) {
    const id = samples[i]!;
    const ms = sampleMs(i);
    if (idleOnly.has(id)) continue;
    if (!task || at[i]! - lastBusy > TASK_GAP_MS) tasks.push((task = { start: at[i]!, ms: 0, self: new Map(), total: new Map() }));
    task.ms = at[i]! + ms - task.start;
    lastBusy = at[i]! + ms;
    if (at[i]! > untilMs || at[i]! < fromMs) continue;
    const fn = nameFor(id);
    self.set(fn, (self.get(fn) ?? 0) + ms);
    task.self.set(fn, (task.self.get(fn) ?? 0) + ms);
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      if (idle.has(n) || byId.get(n)!.callFrame.functionName === '(root)') continue;
      const name = nameFor(n);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + ms);
      // Within a task, the app's own functions and the libraries' entry points name what the time was for.
      if (/ src\/|performSyncWorkOnRoot|renderRootConcurrent|renderRootSync|commitRoot|flushPassiveEffects|createAppRouter|RouterCore/.test(name))
        task.total.set(name, (task.total.get(name) ?? 0) + ms);
    }
  }
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, ms]) => `${ms.toFixed(1).padStart(7)} ms  ${name}`);
  const before = tasks.filter((t) => t.start <= untilMs && t.start >= fromMs);
  return {
    busyMs: [...self.values()].reduce((a, b) => a + b, 0),
    self: top(self, 25),
    total: top(total, 25),
    longTasks: before.filter((t) => t.ms > 50).length,
    tasks: [...before]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 6)
      .map(
        (t) =>
          `task of ${t.ms.toFixed(0)} ms at ${t.start.toFixed(0)} ms, by self time:\n      ${top(t.self, 8).join('\n      ')}\n    by total time (the app's functions, React's phases):\n      ${top(t.total, 10).join('\n      ')}`,
      ),
  };
}

async function profileLaunch(context: BrowserContext, url: string, nameOf: ReturnType<typeof sourceNamer>, label: string) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  const readableAt = await waitForFirstScreen(page);
  // What the profile counts: up to the first screen (the same clock: the profile starts just before navigation),
  // or with PROFILE_AFTER_MS the spell that long after it (what a first visit's blocking time after first paint holds).
  const firstScreenAt = Date.now() - t0;
  await page.waitForTimeout(Math.max(1000, AFTER_MS));
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  const span = AFTER_MS > 0 ? { from: firstScreenAt, until: firstScreenAt + AFTER_MS } : { from: 0, until: firstScreenAt };
  const s = summariseProfile(profile, nameOf, span.until, span.from);
  const spell = AFTER_MS > 0 ? `in the ${AFTER_MS} ms after it` : 'before it';
  log(
    `${label}: first screen readable at ${Math.round(readableAt)} ms (page clock); ${Math.round(s.busyMs)} ms of main-thread work ${spell}, ${s.longTasks} tasks over 50 ms`,
  );
  log(`${label} longest tasks ${spell}:\n    ${s.tasks.join('\n    ')}`);
  log(`${label} by self time:\n    ${s.self.join('\n    ')}`);
  log(`${label} by total time:\n    ${s.total.join('\n    ')}`);
  await page.close();
}

async function profileColdStart(browser: Browser, baseUrl: string, nameOf: ReturnType<typeof sourceNamer>, label: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const warm = await context.newPage();
  await warm.goto(`${baseUrl}/discussions`);
  await warm.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  // The seeded community's sync is small; a quiet spell lets it finish before the device goes offline.
  await warm.waitForTimeout(15_000);
  await warm.close();
  await context.setOffline(true);
  await profileLaunch(context, `${baseUrl}/discussions`, nameOf, label);
  await context.close();
}

async function main() {
  const baselineRef = process.env.PROFILE_BASELINE;
  // Unminified, with source maps: the summaries name functions by their source file.
  const apps = await startBenchApps('profile', { baselineRef, build: { minify: false, sourcemap: true }, log });
  const browser = await launchChromium();
  try {
    const dbUrl = apps.stack.status.DB_URL;
    const builds = [
      ...(apps.baseline ? [{ label: `baseline ${baselineRef}`, baseUrl: apps.baseline.baseUrl, nameOf: sourceNamer(apps.baseline.distDir) }] : []),
      { label: baselineRef ? 'working tree' : '', baseUrl: apps.working.baseUrl, nameOf: sourceNamer(apps.working.distDir) },
    ];
    log(await machineLabel(browser));
    const only = process.env.PROFILE_PAGES?.split(',');
    const labelled = (label: string, what: string) => (label ? `${what} (${label})` : what);
    for (const [name, path] of Object.entries(await sharedLinkPages(dbUrl))) {
      if (only && !only.includes(name)) continue;
      for (const b of builds) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        await profileLaunch(context, `${b.baseUrl}${path}`, b.nameOf, labelled(b.label, `first visit, ${name}`));
        await context.close();
      }
    }
    if (!only || only.includes('cold')) {
      for (const b of builds) await profileColdStart(browser, b.baseUrl, b.nameOf, labelled(b.label, 'offline cold start, hub'));
    }
  } finally {
    await browser.close();
    await apps.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
