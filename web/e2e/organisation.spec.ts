import { mkdirSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { apiToken, expect, test } from './fixtures';

interface OrgSettings {
  organisation_name: string;
  support_email: string;
  time_zone: string;
  max_shift_hours: number;
}

async function readSettings(request: APIRequestContext): Promise<OrgSettings> {
  const token = await apiToken(request);
  const res = await request.get('/api/settings', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as OrgSettings;
}

async function writeSettings(request: APIRequestContext, patch: Partial<OrgSettings>) {
  const token = await apiToken(request);
  const res = await request.patch('/api/settings', { headers: { Authorization: `Bearer ${token}` }, data: patch });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test.describe('organisation settings', () => {
  // The settings are one row for the whole organisation: these tests hold the run-wide
  // lock on them, as does every other test that changes them or reads what these change.
  test.use({ exclusive: ['org-settings'] });
  let original: OrgSettings;

  test.beforeEach(async ({ request }) => {
    original = await readSettings(request);
  });

  // Other tests share the demo database: always put the settings back.
  test.afterEach(async ({ request }) => {
    await writeSettings(request, original);
  });

  test('the admin changes the support email and maximum shift, and they stay', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    const email = page.getByLabel(/^Support email/);
    const hours = page.getByLabel(/^Maximum shift/);
    const save = page.getByRole('button', { name: 'Save' });
    await expect(email).toHaveValue(original.support_email);
    await expect(hours).toHaveValue(String(original.max_shift_hours));
    await expect(save).toBeDisabled();

    const newEmail = 'help-desk@packline.example.org';
    const newHours = original.max_shift_hours === 10 ? '9' : '10';
    await email.fill(newEmail);
    await hours.fill(newHours);
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await expect(save).toBeDisabled();
    // The navbar's support link follows at once, without a reload.
    await expect(page.getByTestId('support-link')).toHaveAttribute('href', `mailto:${newEmail}`);

    await page.reload();
    await expect(page.getByLabel(/^Support email/)).toHaveValue(newEmail);
    await expect(page.getByLabel(/^Maximum shift/)).toHaveValue(newHours);
    await expect(page.getByTestId('support-link')).toHaveAttribute('href', `mailto:${newEmail}`);

    // Put the original values back through the screen itself.
    await page.getByLabel(/^Support email/).fill(original.support_email);
    await page.getByLabel(/^Maximum shift/).fill(String(original.max_shift_hours));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('support-link')).toHaveAttribute('href', `mailto:${original.support_email}`);
    expect(await readSettings(page.request)).toEqual(original);
  });

  test('a bad value is refused on its field and nothing is saved', async ({ page }) => {
    await page.goto('/settings');
    const hours = page.getByLabel(/^Maximum shift/);
    await hours.fill('49');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Enter a whole number of hours from 1 to 48.')).toBeVisible();
    await expect(hours).toHaveAttribute('aria-invalid', 'true');
    await expect(hours).toBeFocused();
    expect((await readSettings(page.request)).max_shift_hours).toBe(original.max_shift_hours);
  });
});

// Screenshots for a human look: PACKLINE_SHOTS=/tmp/settings-shots npx playwright test settings
test.describe('settings screenshots', () => {
  const dir = process.env.PACKLINE_SHOTS;
  test.skip(!dir, 'set PACKLINE_SHOTS to a folder to take them');

  const cases = [
    { name: 'light-gb', language: 'gb', theme: 'light', width: 1280 },
    { name: 'dark-gb', language: 'gb', theme: 'dark', width: 1280 },
    { name: 'phone-375', language: 'gb', theme: 'light', width: 375 },
    { name: 'dark-ir', language: 'ir', theme: 'dark', width: 1280 },
    { name: 'light-ir-375', language: 'ir', theme: 'light', width: 375 },
  ] as const;

  for (const c of cases) {
    test(c.name, async ({ page, request }) => {
      mkdirSync(dir!, { recursive: true });
      const token = await apiToken(request);
      await request.patch('/api/user/preferences', {
        headers: { Authorization: `Bearer ${token}` },
        data: { language: c.language, theme: c.theme },
      });
      await page.setViewportSize({ width: c.width, height: 1000 });
      await page.goto('/settings');
      await expect(page).toHaveURL('/settings');
      // The saved language and theme are applied once the app loads; wait for them before typing.
      await expect(page.locator('html')).toHaveAttribute('dir', c.language === 'ir' ? 'rtl' : 'ltr');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', c.theme);
      await expect(page.locator('input[type=email]')).toBeVisible();
      await page.locator('input[type=email]').fill('oops');
      await page.locator('button[type=submit]').click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${dir}/${c.name}.png`, fullPage: true });
    });
  }
});
