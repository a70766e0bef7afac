import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { CONTENT_TEXTS, CONTENT_TOASTS, CONTENT_VALIDATION, UPLOAD_ERRORS } from '../../src/features/content/constants';
import { DEMO_ACCOUNTS } from '../../src/lib/demo-accounts';
import { e2eEnv, serviceClient, signInPage } from '../support/standins/e2e-session';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

const dj = DEMO_ACCOUNTS[0];
const mp3 = (name: string, bytes = 256 * 1024) => ({ name, mimeType: 'audio/mpeg', buffer: Buffer.alloc(bytes, 7) });
// The smallest valid PNG header is enough: the bucket decides by type and size.
const png = (name: string, bytes: number) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(bytes)]),
});

test.describe('add content', () => {
  test('uploads a track and its cover to storage, records it, and lands on the profile', async ({ page }) => {
    const { session } = await signInPage(page, dj.email, dj.password);
    await page.goto('/add-content');
    await expect(page.getByRole('heading', { level: 1, name: CONTENT_TEXTS.pageTitle })).toBeVisible();
    await expect(page.getByText(CONTENT_TEXTS.contentFileHint)).toBeVisible();
    const submit = page.getByRole('button', { name: CONTENT_TEXTS.submit });
    await expect(submit).toBeDisabled();
    await expect(page.getByLabel('Content Type')).toHaveValue('track');
    await expect(page.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    expect((await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    await page.getByLabel(CONTENT_TEXTS.ownership).check();
    await submit.click();
    await expect(page.getByTestId('upload-error')).toHaveText(CONTENT_VALIDATION.titleRequired);
    await expect(page.getByTestId('toast').getByText(CONTENT_TOASTS.missingField.description)).toBeVisible();

    const title = `Warehouse Roller ${Date.now()}`;
    await page.getByLabel('Title').fill(title);
    await submit.click();
    await expect(page.getByTestId('upload-error')).toHaveText(CONTENT_VALIDATION.fileRequired);

    await page.getByLabel('Description').fill('Peak-time roller, 130 bpm.');
    await page.getByLabel('Genre').selectOption('Electronic');
    await page.getByLabel('Tags').fill(' techno, , warehouse ,130bpm ');
    await page.getByLabel('Content File').setInputFiles(mp3('roller mix.mp3'));
    await page.getByLabel('Cover Image (optional)').setInputFiles(png('cover.png', 2048));
    await submit.click();
    await page.waitForURL(`**/profile/${dj.username}`);

    const { data: rows } = await serviceClient().from('user_content').select('*').eq('title', title);
    expect(rows).toHaveLength(1);
    const row = rows![0];
    expect(row.user_id).toBe(session.user.id);
    expect(row.tags).toEqual(['techno', 'warehouse', '130bpm']);
    expect(row.type).toBe('track');
    expect(row.is_public).toBe(true);
    const base = `${e2eEnv().apiUrl}/storage/v1/object/public/user-content-files/${session.user.id}`;
    expect(row.content_url).toMatch(new RegExp(`^${base}/track/\\d+_roller_mix\\.mp3$`));
    expect(row.cover_image_url).toMatch(new RegExp(`^${base}/covers/\\d+_cover\\.png$`));
    const file = await fetch(row.content_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('max-age=3600');
    expect((await file.arrayBuffer()).byteLength).toBe(256 * 1024);

    await page.goto(`/content/${row.id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByLabel(`Play ${title}`)).toBeVisible();
    await expect(page.getByText('#warehouse')).toBeVisible();
    // Uploaded, the form's kept draft is gone: the next upload starts empty.
    await page.goto('/add-content');
    await expect(page.getByLabel('Description')).toHaveValue('');
    await expect(page.getByLabel('Title')).toHaveValue('');
  });

  test('the server refuses an oversized cover and a file type it does not take, and the form says why', async ({ page }) => {
    const { session } = await signInPage(page, dj.email, dj.password);
    await page.goto('/add-content');
    await page.getByLabel('Title').fill('Too big');
    await page.getByLabel(CONTENT_TEXTS.ownership).check();
    await page.getByLabel('Content File').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not audio') });
    await page.getByRole('button', { name: CONTENT_TEXTS.submit }).click();
    await expect(page.getByTestId('upload-error')).toHaveText(UPLOAD_ERRORS.contentType);
    await expect(page.getByTestId('toast').getByText(CONTENT_TOASTS.uploadFailedTitle)).toBeVisible();

    // A cover over 5MB is refused by storage itself, not only by the form.
    const res = await fetch(`${e2eEnv().apiUrl}/storage/v1/object/user-content-files/${session.user.id}/covers/${Date.now()}_big.png`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.access_token}`, apikey: e2eEnv().anonKey, 'Content-Type': 'image/png' },
      body: png('big.png', 6 * 1024 * 1024).buffer,
    });
    expect(res.ok).toBe(false);

    await page.getByLabel('Content File').setInputFiles(mp3('ok.mp3', 1024));
    await page.getByLabel('Cover Image (optional)').setInputFiles(png('big.png', 6 * 1024 * 1024));
    await page.getByRole('button', { name: CONTENT_TEXTS.submit }).click();
    await expect(page.getByTestId('upload-error')).toHaveText(UPLOAD_ERRORS.coverRejected);
  });

  test('offline, the form says uploads need a connection and keeps what was typed', async ({ page, context }) => {
    await signInPage(page, dj.email, dj.password);
    await page.goto('/add-content');
    await page.getByLabel('Title').fill('Kept while offline');
    await context.setOffline(true);
    await expect(page.getByText(CONTENT_TEXTS.offlineNotice)).toBeVisible();
    await page.getByLabel('Content File').setInputFiles(mp3('later.mp3', 1024));
    await page.getByLabel(CONTENT_TEXTS.ownership).check();
    await page.getByRole('button', { name: CONTENT_TEXTS.submit }).click();
    await expect(page.getByTestId('upload-error')).toHaveText(UPLOAD_ERRORS.offline);
    await expect(page.getByLabel('Title')).toHaveValue('Kept while offline');
    await context.setOffline(false);
    // The typed details survive a reload too; the files are picked again.
    await page.getByLabel('Description').fill('Recorded live at the basement session');
    await page.reload();
    await expect(page.getByLabel('Title')).toHaveValue('Kept while offline');
    await expect(page.getByLabel('Description')).toHaveValue('Recorded live at the basement session');
  });

  test('edit content shows the disabled notice with a way back to the profile', async ({ page }) => {
    await signInPage(page, dj.email, dj.password);
    await page.goto('/edit-content/anything');
    await expect(page.getByText(CONTENT_TEXTS.editDisabledTitle)).toBeVisible();
    await expect(page.getByText(CONTENT_TEXTS.editDisabledBody)).toBeVisible();
    await page.getByRole('link', { name: CONTENT_TEXTS.backToProfile }).click();
    await page.waitForURL(`**/profile/${dj.username}`);
  });
});
