/**
 * Which machine a benchmark ran on: the Chromium version and the host's Lighthouse `benchmarkIndex`
 * (Lighthouse's own CPU probe, run in a blank page of the same browser, unthrottled). Every app and
 * Lighthouse figure is printed with them, so a figure from a slower host is read as such.
 */
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import type { Browser } from 'playwright-core';

export interface Machine {
  chromium: string;
  benchmarkIndex: number;
}

/** Lighthouse's CPU probe in a fresh page of `browser`: the median of three, as the probe alone varies by a tenth. */
export async function measureMachine(browser: Browser): Promise<Machine> {
  const page = await browser.newPage();
  try {
    const probe = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) runs.push(Number(await page.evaluate(probe)));
    runs.sort((a, b) => a - b);
    return { chromium: browser.version(), benchmarkIndex: Math.round(runs[1]!) };
  } finally {
    await page.close();
  }
}

export function describeMachine(machine: Machine): string {
  return `Chromium ${machine.chromium}, benchmarkIndex ${machine.benchmarkIndex}`;
}

/** The label a benchmark prints first. */
export async function machineLabel(browser: Browser): Promise<string> {
  return `machine: ${describeMachine(await measureMachine(browser))}`;
}
