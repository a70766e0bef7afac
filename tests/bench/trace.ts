/**
 * A Chromium trace of one moment of a bench (BENCH_TRACE_THREAD=1 in the app bench): the renderer main thread's
 * tasks between a `performance.mark` and a given time after it, each with what it was made of. A CPU profile
 * hides style, layout and paint in "(program)"; a trace names them.
 */
import type { CDPSession } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string; type?: string; documentLoaderURL?: string; isLoadingMainFrame?: boolean } };
}

/** BENCH_TRACE_CATEGORIES: more trace categories, comma-separated (`loading,ServiceWorker`), to name what a bare task holds. */
const EXTRA_CATEGORIES = (process.env.BENCH_TRACE_CATEGORIES ?? '').split(',').filter(Boolean);

export async function startTrace(cdp: CDPSession): Promise<void> {
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: ['toplevel', 'devtools.timeline', 'blink.user_timing', 'v8', 'disabled-by-default-devtools.timeline', ...EXTRA_CATEGORIES],
    },
  });
}

export async function stopTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const onData = (e: { value: unknown[] }) => events.push(...(e.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', onData);
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', onData);
  return events;
}

const PARTS = new Set([
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'ParseHTML',
  'MinorGC',
  'MajorGC',
  'V8.GC_SCAVENGER',
  'V8.GC_MARK_COMPACTOR',
  'HitTest',
  'PrePaint',
  'Commit',
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'v8.produceModuleCache',
  'CompileScript',
]);

/**
 * Lines describing the main thread's tasks from `mark` (a `performance.mark`, or `navigationStart` of the main
 * frame's document at `documentUrl`) to `untilMs` after it (parts of 1 ms or more).
 */
export function describeTrace(events: TraceEvent[], mark: string, untilMs: number, documentUrl?: string): string[] {
  const at = events
    .filter((e) => e.name === mark && (!documentUrl || (e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL === documentUrl)))
    .at(-1);
  if (!at) return [`no mark ${mark} in the trace`];
  const from = at.ts;
  const to = from + untilMs * 1000;
  const main = events.filter((e) => e.pid === at.pid && e.tid === at.tid && e.ph === 'X' && e.dur !== undefined);
  const tasks = main.filter((e) => e.name === 'RunTask' && e.ts + e.dur! > from && e.ts < to).sort((a, b) => a.ts - b.ts);
  const ms = (us: number) => Math.round(us / 100) / 10;
  const lines: string[] = [];
  for (const task of tasks) {
    lines.push(`  +${ms(task.ts - from)} task ${ms(task.dur!)} ms`);
    const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur! && e.dur! >= 1000);
    let parts = inside.filter((e) => PARTS.has(e.name));
    // A long task of none of the usual parts (a navigation's commit, say): its longest events, whatever they are.
    if (parts.length === 0 && task.dur! >= 50_000) parts = [...inside].sort((a, b) => b.dur! - a.dur!).slice(0, 5);
    for (const part of parts) {
      const data = part.args?.data;
      const what = [data?.type, data?.functionName, data?.url?.split('/').pop()].filter(Boolean).join(' ');
      lines.push(`      +${ms(part.ts - from)} ${part.name} ${ms(part.dur!)} ms ${what}`);
    }
  }
  return lines;
}
