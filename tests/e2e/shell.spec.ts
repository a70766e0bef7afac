import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { APP_NAME, APP_TITLE, AUTH_STORAGE_KEY, MESSAGES, THEME_STORAGE_KEY } from '../../src/lib/shell-constants';
import { BLOG_POSTS } from '../../supabase/seed/content/blog';
import { member } from '../../supabase/seed/content/members';
import { THREADS } from '../../supabase/seed/content/threads';
import { UPLOADS } from '../../supabase/seed/content/uploads';
import { seedId } from '../../supabase/seed/random';

// The stack's global setup serves the build; its URL is only known once the setup has run.
if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

// Seeded records (supabase/seed), so data screens are checked with what a member would see.
const seededMember = member('demo_dj');
const seededThread = THREADS[0];
const seededThreadId = seedId(`discussion:${seededThread.key}`);
// A reply rather than the opening post, so ?post= has somewhere to scroll to.
const seededReplyId = seedId(`post:${seededThread.key}:1`);
const seededBlogPost = BLOG_POSTS.find((b) => b.status === 'published')!;
const seededUpload = UPLOADS.find((u) => u.isPublic)!;
const seededUploadId = seedId(`content:${seededUpload.owner}:${seededUpload.file}`);

/** Public routes, the heading a visitor sees and the tab title. */
const PUBLIC_ROUTES: Array<[path: string, heading: string, title: string]> = [
  ['/', 'The Future of DJ Culture', APP_TITLE],
  ['/login', 'Log In', `Log In | ${APP_NAME}`],
  ['/login?status=confirm_email', 'Log In', `Log In | ${APP_NAME}`],
  ['/signup', 'Join the Movement', `Sign Up | ${APP_NAME}`],
  [`/profile/${seededMember.username}`, seededMember.displayName, `${seededMember.displayName} | ${APP_NAME}`],
  [`/profile/${seededMember.username}/support`, 'Tip Creator', `Tip Creator | ${APP_NAME}`],
  ['/support-platform', 'Support the Platform', `Support the Platform | ${APP_NAME}`],
  ['/directory', 'Community Directory', `Community Directory | ${APP_NAME}`],
  ['/directory/DJ?sort=karma_desc&page=2', 'Community Directory', `Community Directory | ${APP_NAME}`],
  ['/discussions', 'Community Hub', `Community Hub | ${APP_NAME}`],
  [`/discussions/thread/${seededThreadId}?post=${seededReplyId}`, seededThread.title, `${seededThread.title} | ${APP_NAME}`],
  ['/contact', 'Contact', `Contact | ${APP_NAME}`],
  ['/about', 'About', `About | ${APP_NAME}`],
  ['/privacy', 'Privacy Policy', `Privacy Policy | ${APP_NAME}`],
  ['/terms', 'Terms of Service', `Terms of Service | ${APP_NAME}`],
  ['/guidelines', 'Community Guidelines', `Community Guidelines | ${APP_NAME}`],
  ['/brand', 'Brand', `Brand | ${APP_NAME}`],
  ['/blog', 'The Beat Drop', `The Beat Drop | ${APP_NAME}`],
  [`/blog/${seededBlogPost.slug}`, seededBlogPost.title, `Blog | ${APP_NAME}`],
  ['/search?q=techno&type=profiles&page=1', 'Search', `Search | ${APP_NAME}`],
  ['/subscriptions', 'Subscriptions', `Subscriptions | ${APP_NAME}`],
  [`/content/${seededUploadId}`, seededUpload.title, `Content | ${APP_NAME}`],
  ['/settings/notifications', 'Notification & Offline Settings', `Notification & Offline Settings | ${APP_NAME}`],
];

/** Routes only members may open (the admin zone included, for guests). */
const GUARDED_ROUTES = [
  '/settings/profile',
  '/settings/monetization',
  '/settings/tip-jar',
  '/dj-bot',
  '/add-content',
  '/edit-content/c1',
  '/payment-success?source=paypal&status=success&tier_id=pro',
  '/payment-cancelled',
  '/notifications',
  '/admin',
];

/** The build under test: the shell config's output, or the one the stack setup made (E2E_DIST_DIR). */
const DIST_DIR = resolve(process.env.E2E_DIST_DIR ?? '.local/e2e-shell-dist');

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain',
  '.json': 'application/json',
};

/** A throwaway static server over a copy of the build, so a test can swap in a "next release" under it. */
async function serveCopyOfBuild(): Promise<{ url: string; dir: string; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'djcircle-release-'));
  cpSync(DIST_DIR, dir, { recursive: true });
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname);
    let file = join(dir, normalize(path));
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
    res.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    close: async () => {
      await new Promise<void>((done) => server.close(() => done()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForShell(page: Page): Promise<void> {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('routes', () => {
  for (const [path, heading, title] of PUBLIC_ROUTES) {
    test(`${path} renders its screen and title`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(title);
      await expect(page.getByTestId('not-found')).toHaveCount(0);
    });
  }

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  for (const path of GUARDED_ROUTES) {
    test(`${path} sends a visitor to /login with the attempted location`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('from') === path);
      await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
    });
  }
});

test.describe('admin guard', () => {
  test("a signed-in member who is not an admin lands on / with 'unauthorized_admin_access'", async ({ page }) => {
    // A stored session far from expiry: the client trusts it without the server, and with no profile row the member is a fan.
    await page.addInitScript((key) => {
      const user = {
        id: '00000000-0000-4000-8000-000000000001',
        aud: 'authenticated',
        role: 'authenticated',
        email: 'fan@example.com',
        created_at: '2025-01-01T00:00:00Z',
        updated_at: '2025-01-01T00:00:00Z',
        app_metadata: {},
        user_metadata: {},
      };
      const expiresAt = Math.floor(Date.now() / 1000) + 3600;
      localStorage.setItem(
        key,
        JSON.stringify({ access_token: 'header.payload.signature', refresh_token: 'r', token_type: 'bearer', expires_in: 3600, expires_at: expiresAt, user }),
      );
    }, AUTH_STORAGE_KEY);
    await page.goto('/admin');
    // Generous: with no backend the profile read is retried by postgrest-js before the defaults apply (~10 s).
    await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 30_000 });
    await expect(page.getByTestId('toast')).toContainText(MESSAGES.unauthorizedAdminAccess);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Profile Settings' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Tip Jar Settings' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
  });
});

test.describe('theme', () => {
  test('is dark by default, and a chosen light theme survives a reload', async ({ page }) => {
    await page.goto('/');
    await waitForShell(page);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('menuitemradio', { name: MESSAGES.lightMode }).click();
    await expect(page.getByRole('menuitemradio', { name: MESSAGES.lightMode })).toHaveCount(0);
    await expect(page.locator('html')).toHaveClass(/light/);
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe('light');
    await page.reload();
    await waitForShell(page);
    await expect(page.locator('html')).toHaveClass(/light/);
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });

  test('switches in one frame: no control fades between the two themes', async ({ page }) => {
    // 'system' follows the device, so the theme changes under the page as a phone's night mode changes it.
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, 'system'] as const);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await waitForShell(page);
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    // Controls that do fade their colours (on hover, on focus) are on the page, so a switch could start them.
    expect(await page.locator('.transition-colors').count()).toBeGreaterThan(0);
    await page.evaluate(() => {
      const w = window as Window & { fadingAfterSwitch?: Promise<string[]> };
      w.fadingAfterSwitch = new Promise((resolve) => {
        new MutationObserver((_, observer) => {
          if (!document.documentElement.classList.contains('dark')) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(document.getAnimations().flatMap((a) => (a instanceof CSSTransition ? [a.transitionProperty] : []))));
        }).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
      });
    });
    await page.emulateMedia({ colorScheme: 'dark' });
    const fading = await page.evaluate(() => (window as Window & { fadingAfterSwitch?: Promise<string[]> }).fadingAfterSwitch);
    expect(fading).toEqual([]);
  });
});

test.describe('layout', () => {
  test('the sidebar collapses from 256 px to 80 px and stays collapsed', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toBeVisible();
    expect((await sidebar.boundingBox())?.width).toBe(256);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(80);
    await page.reload();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(80);
  });

  test('at 360 px the drawer holds the navigation, without DJ.Bot for visitors', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByTestId('mobile-drawer');
    await expect(drawer.getByRole('link', { name: 'Discussions' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'DJ.Bot' })).toHaveCount(0);
    await drawer.getByRole('link', { name: 'Discussions' }).click();
    await expect(page).toHaveURL(/\/discussions$/);
    await expect(drawer).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('keyboard focus is visible, starting with the skip link', async ({ page }) => {
    await page.goto('/');
    await waitForShell(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      const ring = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return { outline: style.outlineStyle !== 'none' && style.outlineWidth !== '0px', shadow: style.boxShadow !== 'none' };
      });
      expect(ring.outline || ring.shadow).toBe(true);
    }
  });
});

test.describe('accessibility', () => {
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [360, 1280]) {
      test(`home has no serious or critical axe violations (${theme}, ${width} px)`, async ({ page }) => {
        await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme]);
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/');
        await waitForShell(page);
        await expect(page.locator('html')).toHaveClass(new RegExp(theme));
        // Let the page header's entry animation finish so colours are measured at rest.
        await page.waitForTimeout(700);
        const results = await new AxeBuilder({ page }).analyze();
        const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    }
  }
});

test.describe('installable and offline', () => {
  test('the manifest is complete and its icons load', async ({ page, request }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = await (await request.get(href!)).json();
    expect(manifest).toMatchObject({ short_name: APP_NAME, display: 'standalone', start_url: '/', scope: '/' });
    expect(manifest.name).toContain(APP_NAME);
    expect(manifest.theme_color).toMatch(/^#/);
    expect(manifest.background_color).toMatch(/^#/);
    const sizes = manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes}:${i.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
    for (const icon of manifest.icons as Array<{ src: string }>) {
      const res = await request.get(icon.src);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toContain('image/png');
    }
    expect((await request.get('/og-image.png')).status()).toBe(200);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', '/og-image.png');
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  });

  test('after a first visit the worker controls the page and the app starts offline', async ({ page, context }) => {
    await page.goto('/');
    await waitForShell(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'The Future of DJ Culture' })).toBeVisible();
    await expect(page.getByTestId('connectivity-indicator')).toContainText(MESSAGES.offline);
    // Route chunks are precached too: a screen never opened before still loads.
    await page.goto('/guidelines');
    await expect(page.getByRole('heading', { level: 1, name: 'Community Guidelines' })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByTestId('connectivity-indicator')).not.toContainText(MESSAGES.offline);
  });

  test('a new release is offered with a Reload that applies it', async ({ page }) => {
    const release = await serveCopyOfBuild();
    try {
      await page.goto(`${release.url}/`);
      await waitForShell(page);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      // The next release: the same worker URL with different bytes.
      writeFileSync(join(release.dir, 'sw.js'), `${readFileSync(join(release.dir, 'sw.js'), 'utf8')}\n// next release\n`);
      await page.reload();
      const prompt = page.getByTestId('toast');
      await expect(prompt).toContainText(MESSAGES.newVersionTitle, { timeout: 30_000 });
      await page.evaluate(() => document.body.setAttribute('data-old-page', ''));
      await prompt.getByRole('button', { name: MESSAGES.reload }).click();
      // Accepting activates the waiting worker and reloads the page under it.
      await expect(page.locator('body[data-old-page]')).toHaveCount(0, { timeout: 30_000 });
      await waitForShell(page);
      const waiting = await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
      expect(waiting).toBe(false);
      await expect(page.getByTestId('toast')).toHaveCount(0);
    } finally {
      await release.close();
    }
  });
});
