import type { Page } from '@playwright/test';

/** Layout shifts the member did not cause, from the page's start, with when they happened. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; at: number }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push({ value: entry.value, at: entry.startTime });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift recorded since `since` (page time, ms). */
export function shiftsSince(page: Page, since: number): Promise<number> {
  return page.evaluate(
    (from) => (window as unknown as { __shifts: { value: number; at: number }[] }).__shifts.filter((s) => s.at >= from).reduce((sum, s) => sum + s.value, 0),
    since,
  );
}

/**
 * Replication (and every other read) goes through supabase-js, which names itself in x-client-info: its
 * requests are held until released, so the local store cannot have the rows while the screen is checked.
 * The server-first read is a plain fetch and passes.
 */
export async function holdReplication(page: Page): Promise<{ held: () => number; release: () => void }> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route('**/rest/v1/**', async (route) => {
    if (route.request().headers()['x-client-info']) {
      held++;
      await released;
    }
    await route.fallback();
  });
  return { held: () => held, release };
}
