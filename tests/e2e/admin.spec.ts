import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ADMIN_TABS, ADMIN_TEXTS, ADMIN_TOASTS, DEFAULT_DRAFT_TITLE, STAT_LABELS } from '../../src/features/admin/constants';
import { DEMO_ACCOUNTS, SEED_STAFF_ACCOUNTS } from '../../src/lib/demo-accounts';
import { AI_STANDIN_MARKERS, LONG_GENERATED_TITLE } from '../support/standins/openai';
import { newMemberApi, serviceClient, signInApi, signInPage } from '../support/standins/e2e-session';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

const admin = SEED_STAFF_ACCOUNTS.find((a) => a.role === 'admin')!;
const dj = DEMO_ACCOUNTS[0];

test.describe('admin zone', () => {
  test('the API refuses role changes, member lists and stats to non-admins', async () => {
    const member = await newMemberApi('rolehack');
    const { client } = await signInApi(member.email, member.password);
    const { error } = await client.rpc('admin_update_user_role', { target_user_id_param: member.id, new_role_param: 'admin' });
    expect(error?.message).toBe('Only admins can change roles.');
    expect((await client.rpc('admin_list_profiles')).error).not.toBeNull();
    expect((await client.rpc('admin_platform_stats')).error).not.toBeNull();
    const { data } = await serviceClient().from('profiles').select('role').eq('id', member.id).single();
    expect(data!.role).not.toBe('admin');
    // Nor can a member write the role column directly.
    await client.from('profiles').update({ role: 'admin' }).eq('id', member.id);
    const { data: after } = await serviceClient().from('profiles').select('role').eq('id', member.id).single();
    expect(after!.role).not.toBe('admin');
  });

  test('a non-admin is turned away from /admin', async ({ page }) => {
    await signInPage(page, dj.email, dj.password);
    await page.goto('/admin');
    await expect(page).not.toHaveURL(/\/admin$/);
    await expect(page.getByText(ADMIN_TEXTS.snapshot)).toHaveCount(0);
  });

  test('overview counts, roster with e-mails, and a role change', async ({ page }) => {
    const member = await newMemberApi('promote');
    await signInPage(page, admin.email, admin.password);
    await page.goto('/admin');
    for (const t of ADMIN_TABS) await expect(page.getByRole('tab', { name: t.label })).toBeVisible();
    await expect(page.getByText(ADMIN_TEXTS.snapshot)).toBeVisible();
    const { count } = await serviceClient().from('profiles').select('*', { count: 'exact', head: true }).eq('_deleted', false);
    await expect(page.getByTestId('stat-profiles')).toContainText(STAT_LABELS.profiles);
    await expect(page.getByTestId('stat-profiles')).toContainText(String(count));
    expect((await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    await page.getByRole('tab', { name: 'User Management' }).click();
    const row = page.getByTestId(`roster-${member.username}`);
    await expect(row).toContainText(member.email);
    await row.getByRole('button', { name: ADMIN_TEXTS.suspend }).click();
    await expect(page.getByTestId('toast').getByText(ADMIN_TOASTS.suspendDescription)).toBeVisible();
    await row.getByRole('button', { name: ADMIN_TEXTS.editRole }).click();
    const confirm = page.getByRole('button', { name: ADMIN_TEXTS.confirmRole });
    await expect(confirm).toBeDisabled();
    const current = (await row.getByTestId('role-badge').textContent())!;
    await page.getByLabel(ADMIN_TEXTS.newRole).selectOption(current);
    await expect(confirm).toBeDisabled();
    await page.getByLabel(ADMIN_TEXTS.newRole).selectOption('moderator');
    await confirm.click();
    await expect(page.getByTestId('toast').getByText(ADMIN_TOASTS.roleUpdated)).toBeVisible();
    await expect(row.getByTestId('role-badge')).toHaveText('moderator');
    const { data } = await serviceClient().from('profiles').select('role').eq('id', member.id).single();
    expect(data!.role).toBe('moderator');
  });

  test('AI drafts: generate, edit, save as a draft; failures say why', async ({ page }) => {
    await signInPage(page, admin.email, admin.password);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'AI Content Gen' }).click();
    const generate = page.getByRole('button', { name: ADMIN_TEXTS.generate });
    await expect(generate).toBeDisabled();
    await page.getByLabel(ADMIN_TEXTS.aiPromptLabel).fill(`   `);
    await expect(generate).toBeDisabled();

    await page.getByLabel(ADMIN_TEXTS.aiPromptLabel).fill(`reading the crowd ${AI_STANDIN_MARKERS.longTitle}`);
    await generate.click();
    await expect(page.getByLabel(ADMIN_TEXTS.draftTitleLabel)).toHaveValue(`${LONG_GENERATED_TITLE.slice(0, 70)}...`);
    await expect(page.getByLabel(ADMIN_TEXTS.draftBodyLabel)).toHaveValue(/This draft was written for the prompt "reading the crowd"/);
    await page.getByLabel(ADMIN_TEXTS.draftTitleLabel).fill('');
    await page.getByRole('button', { name: ADMIN_TEXTS.createDraft }).click();
    await expect(page.getByTestId('toast').getByText(ADMIN_TOASTS.draftCreated)).toBeVisible();
    await expect(page.getByLabel(ADMIN_TEXTS.draftBodyLabel)).toHaveValue('');
    const { data: drafts } = await serviceClient()
      .from('blog_posts')
      .select('*')
      .eq('title', DEFAULT_DRAFT_TITLE)
      .order('created_at', { ascending: false })
      .limit(1);
    expect(drafts![0].status).toBe('draft');
    expect(drafts![0].is_featured).toBe(false);
    expect(drafts![0].slug).toMatch(/^ai-generated-blog-post-\d{5}$/);
    expect(drafts![0].content_markdown).toContain('reading the crowd');

    await page.getByLabel(ADMIN_TEXTS.aiPromptLabel).fill(`anything ${AI_STANDIN_MARKERS.fail}`);
    await generate.click();
    await expect(page.getByTestId('toast').getByText(ADMIN_TOASTS.aiFailed)).toBeVisible();
    await expect(page.getByTestId('toast').getByText('The AI service answered with an error (500).')).toBeVisible();

    await page.getByLabel(ADMIN_TEXTS.aiPromptLabel).fill(`anything ${AI_STANDIN_MARKERS.empty}`);
    await generate.click();
    await expect(page.getByTestId('toast').getByText(ADMIN_TOASTS.noContent)).toBeVisible();

    await page.getByRole('button', { name: ADMIN_TEXTS.createDraft }).click();
    await expect(page.getByTestId('toast').getByText(ADMIN_TOASTS.missingContent)).toBeVisible();
  });
});
