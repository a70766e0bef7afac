/**
 * Image bytes benchmark: `npx tsx tests/bench/images.ts` or `npm run bench -- images`.
 *
 * Starts its own seeded stack (whose most active members have their avatar and banner in the project's
 * storage), builds the app twice, with image transformation (the default) and without
 * (`VITE_IMAGE_TRANSFORMS=false`, what the app did before), and loads the hub, the directory and a profile
 * in a 360x740 phone viewport at device scale 2 in Debian's Chromium. It counts the bytes of every image the
 * page downloads for its first screen. Prints a table and merges the figures into bench-results.json under `images`.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { build, preview } from 'vite';
import { launchChromium } from '../support/chromium-args';
import { ROOT, startStackProcess, testStackLocation } from '../support/stack-process';
import { recordBenchResult } from './results';

const VIEWPORT = { width: 360, height: 740 } as const;
const SETTLE_MS = 2500;
const log = (message: string) => console.log(`[images bench] ${message}`);

interface PageBytes {
  images: number;
  imageBytes: number;
  storageImageBytes: number;
  allBytes: number;
}

async function measure(browser: Browser, url: string, apiUrl: string): Promise<PageBytes & { failedImages: number; imgElements: number }> {
  // No service worker: every byte comes over the network, as on a first visit.
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  const page = await context.newPage();
  const seen: Promise<{ image: boolean; storage: boolean; bytes: number }>[] = [];
  let failedImages = 0;
  page.on('requestfailed', (request) => {
    if (request.resourceType() === 'image') failedImages += 1;
  });
  page.on('requestfinished', (request) => {
    seen.push(
      request.sizes().then(
        (s) => ({
          image: request.resourceType() === 'image',
          storage: request.url().startsWith(`${apiUrl}/storage/`),
          bytes: s.responseBodySize + s.responseHeadersSize,
        }),
        () => ({ image: false, storage: false, bytes: 0 }),
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(SETTLE_MS);
  const imgElements = await page.evaluate(() => document.images.length);
  page.removeAllListeners('requestfinished');
  page.removeAllListeners('requestfailed');
  const all = await Promise.all(seen);
  await context.close();
  const images = all.filter((r) => r.image);
  return {
    images: images.length,
    imageBytes: images.reduce((n, r) => n + r.bytes, 0),
    storageImageBytes: images.filter((r) => r.storage).reduce((n, r) => n + r.bytes, 0),
    allBytes: all.reduce((n, r) => n + r.bytes, 0),
    failedImages,
    imgElements,
  };
}

async function main() {
  const location = await testStackLocation('bench-images');
  log('starting a seeded stack');
  const stack = await startStackProcess(location);
  const dists = { before: join(ROOT, '.local', 'bench-images-before'), after: join(ROOT, '.local', 'bench-images-after') };
  const servers: Awaited<ReturnType<typeof preview>>[] = [];
  let browser: Browser | undefined;
  try {
    const { API_URL: apiUrl, ANON_KEY: anonKey, DB_URL: dbUrl } = stack.status;
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    const { rows } = await db.query<{ username: string }>(
      "select username from public.profiles where avatar_url like '%/storage/v1/object/public/%' order by karma desc limit 1",
    );
    await db.end();
    if (!rows[0]) throw new Error('the seeded stack has no member with a stored avatar');
    const pages = { hub: '/discussions', directory: '/directory', profile: `/profile/${rows[0].username}` };

    browser = await launchChromium();
    const result: Record<string, Record<string, PageBytes & { failedImages: number; imgElements: number }>> = {};
    for (const [variant, outDir] of Object.entries(dists)) {
      log(`building the app (${variant})`);
      Object.assign(process.env, {
        VITE_SUPABASE_URL: apiUrl,
        VITE_SUPABASE_ANON_KEY: anonKey,
        VITE_DEMO_LOGINS: 'true',
        VITE_IMAGE_TRANSFORMS: variant === 'before' ? 'false' : 'true',
      });
      await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
      const server = await preview({ logLevel: 'warn', build: { outDir }, preview: { port: 0, host: '127.0.0.1' } });
      servers.push(server);
      const address = server.httpServer.address();
      const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      result[variant] = {};
      for (const [name, path] of Object.entries(pages)) {
        result[variant][name] = await measure(browser, `${baseUrl}${path}`, apiUrl);
        log(`${variant} ${name}: ${JSON.stringify(result[variant][name])}`);
      }
    }
    const kb = (n: number) => Math.round(n / 102.4) / 10;
    const table = Object.fromEntries(
      Object.keys(pages).map((name) => [
        name,
        {
          'image KB before': kb(result.before[name].imageBytes),
          'image KB after': kb(result.after[name].imageBytes),
          'stored image KB before': kb(result.before[name].storageImageBytes),
          'stored image KB after': kb(result.after[name].storageImageBytes),
          'page KB before': kb(result.before[name].allBytes),
          'page KB after': kb(result.after[name].allBytes),
        },
      ]),
    );
    console.table(table);
    recordBenchResult('images', { viewport: '360x740 @2x', pages, kb: table });
  } finally {
    await browser?.close();
    for (const server of servers) await server.close();
    await stack.stop();
    rmSync(location.localDir, { recursive: true, force: true });
    for (const dir of Object.values(dists)) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
