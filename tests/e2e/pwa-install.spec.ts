import { expect, test } from '@playwright/test';
import { waitForWorker } from './offline-support';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

// The update prompt ("A new version is available" → Reload applies it) is covered by
// tests/e2e/shell.spec.ts › installable and offline › a new release is offered with a Reload that applies it.

test('installable: a valid manifest, a controlling worker, and the start URL answered offline with a 200 by the worker', async ({ page, context, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifestUrl = new URL(href!, page.url());
  const manifest = (await (await request.get(manifestUrl.href)).json()) as {
    name?: string;
    short_name?: string;
    start_url?: string;
    scope?: string;
    display?: string;
    icons?: { src: string; sizes: string; type?: string; purpose?: string }[];
  };
  // What Chromium requires to offer installation.
  expect(manifest.name || manifest.short_name).toBeTruthy();
  expect(manifest.display).toMatch(/^(standalone|fullscreen|minimal-ui)$/);
  const startUrl = new URL(manifest.start_url ?? '.', manifestUrl);
  const scope = new URL(manifest.scope ?? '.', manifestUrl);
  expect(startUrl.origin).toBe(new URL(page.url()).origin);
  expect(startUrl.pathname.startsWith(scope.pathname)).toBe(true);
  const icons = manifest.icons ?? [];
  expect(icons.some((i) => i.sizes.split(' ').includes('192x192'))).toBe(true);
  expect(icons.some((i) => i.sizes.split(' ').includes('512x512') && (i.purpose ?? 'any').includes('any'))).toBe(true);
  expect(icons.some((i) => (i.purpose ?? '').includes('maskable'))).toBe(true);
  for (const icon of icons) {
    const response = await request.get(new URL(icon.src, manifestUrl).href);
    expect(response.status(), icon.src).toBe(200);
    const [width] = icon.sizes.split('x').map(Number);
    const png = await response.body();
    // PNG IHDR: width at byte 16, big-endian.
    expect(png.readUInt32BE(16), `${icon.src} width`).toBe(width);
  }

  await waitForWorker(page);
  const scriptURL = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
  expect(scriptURL).toMatch(/\/sw\.js$/);

  await context.setOffline(true);
  const response = await page.goto(startUrl.href);
  expect(response?.status()).toBe(200);
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
