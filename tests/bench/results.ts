/** What every benchmark shares: the middle of its timings, and the one file its figures go to. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../support/stack-process';

/** One JSON file at the repository root, one key per benchmark, so runs of different benchmarks add up. */
export const BENCH_RESULTS_FILE = join(ROOT, 'bench-results.json');

/** The median; with an odd count it is one measured run, not the mean of two. */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Stores one benchmark's figures under its name, keeping the other benchmarks' figures. */
export function recordBenchResult(name: string, figures: unknown): void {
  const all = existsSync(BENCH_RESULTS_FILE) ? (JSON.parse(readFileSync(BENCH_RESULTS_FILE, 'utf8')) as Record<string, unknown>) : {};
  all[name] = figures;
  writeFileSync(BENCH_RESULTS_FILE, `${JSON.stringify(all, null, 2)}\n`);
}
