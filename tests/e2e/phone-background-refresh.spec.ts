import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import { expect, test, type Worker } from '@playwright/test';
import { BACKGROUND_REFRESH_TEXT } from '../../src/features/settings/constants';
import { THEME_STORAGE_KEY } from '../../src/lib/shell-constants';
import { PERIODIC_REFRESH_TAG } from '../../src/app/pwa/constants';
import { newMemberApi, serviceClient, signInPage } from '../support/standins/e2e-session';
import { createThread, expectDeviceToHold, waitForWorker } from './offline-support';
import { appWorker, syncChannel } from './push-support';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

const unique = (text: string) => `${text} (${randomUUID().slice(0, 8)})`;

/** Whether a live post in the device's posts store (as the worker reaches it, no page open) holds the text. */
function postsStoreHolds(worker: Worker, text: string): Promise<boolean> {
  return worker.evaluate(async (needle) => {
    for (const info of await indexedDB.databases()) {
      if (!info.name?.endsWith('--posts')) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      try {
        const records = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction('docs', 'readonly').objectStore('docs').getAll();
          request.onsuccess = () => resolve(request.result as unknown[]);
          request.onerror = () => reject(request.error);
        });
        if (records.some((record) => JSON.stringify(record).includes(needle) && (record as { _deleted?: unknown })._deleted !== '1')) return true;
      } finally {
        db.close();
      }
    }
    return false;
  }, text);
}

test('a reply written elsewhere while the app was closed is on the device after the periodic refresh, and shows with no signal', async ({
  context,
  page,
  baseURL,
}) => {
  const member = await newMemberApi('refresh');
  const promoter = await newMemberApi('refreshpromo');
  const opening = unique('Load-in is at five');
  const thread = await createThread(promoter.id, [{ authorId: promoter.id, content: opening }]);

  await signInPage(page, member.email, member.password);
  await page.goto(`/discussions/thread/${thread.id}`);
  await expect(page.getByTestId('post').filter({ hasText: opening })).toBeVisible({ timeout: 30_000 });
  await waitForWorker(page);
  await expectDeviceToHold(page, opening);
  const origin = new URL(page.url()).origin;
  const channel = await syncChannel(context, origin);
  await page.close();

  // With every page of the app closed, someone answers in the kept thread.
  const reply = unique('Parking is round the back');
  const inserted = await serviceClient().from('posts').insert({ discussion_id: thread.id, user_id: promoter.id, content: reply });
  expect(inserted.error).toBeNull();

  await channel.refresh();
  // The browser hands the event over and returns; the worker's own store shows when the answer is in.
  const worker = await appWorker(context);
  await expect.poll(() => postsStoreHolds(worker, reply), { timeout: 30_000 }).toBe(true);

  // The next open has no signal: the answer is there all the same.
  await context.setOffline(true);
  const reopened = await context.newPage();
  await reopened.goto(`${baseURL}/discussions/thread/${thread.id}`);
  await expect(reopened.getByTestId('post').filter({ hasText: reply })).toBeVisible({ timeout: 20_000 });
  await expect(reopened.getByTestId('post').filter({ hasText: opening })).toBeVisible();
});

test('the member turns the background refresh off and on in settings, on a phone in both themes', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const member = await newMemberApi('refreshset');
  await signInPage(page, member.email, member.password);
  for (const theme of ['light', 'dark'] as const) {
    await page.goto('/settings/notifications');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
    await page.reload();
    await waitForWorker(page);
    const section = page.getByTestId('background-refresh');
    const toggle = section.getByRole('switch', { name: BACKGROUND_REFRESH_TEXT.switchLabel });
    await expect(section).toContainText(BACKGROUND_REFRESH_TEXT.description);
    // On by default; not installed here, so the browser holds it back until it is.
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(section.getByTestId('background-refresh-status')).toHaveText(BACKGROUND_REFRESH_TEXT.waiting);

    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(section.getByTestId('background-refresh-status')).toHaveText(BACKGROUND_REFRESH_TEXT.off);
    const tags = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { periodicSync?: { getTags(): Promise<string[]> } };
      return registration.periodicSync ? registration.periodicSync.getTags() : null;
    });
    expect(tags ?? []).not.toContain(PERIODIC_REFRESH_TAG);
    // Kept on this device across loads.
    await page.reload();
    await expect(page.getByTestId('background-refresh').getByRole('switch')).toHaveAttribute('aria-checked', 'false');

    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const axe = await new AxeBuilder({ page }).include('[data-testid="background-refresh"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    await page.getByTestId('background-refresh').getByRole('switch').click();
    await expect(page.getByTestId('background-refresh').getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  }
});
