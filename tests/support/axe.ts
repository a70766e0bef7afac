import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The page's serious and critical axe violations, each with the elements and axe's own reason (for contrast: the
 * colours it measured), so a failure says what to fix. Empty when the page is clean. Finite animations finish first.
 */
export async function seriousViolations(page: Page, label: string): Promise<string[]> {
  // Colours are measured as shown: a header still fading in (0.5 s) would read as low contrast. Endless animations
  // (a skeleton's pulse) never finish and are left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(' | ')}`);
}
