import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiToken, expect, test } from './fixtures';

async function seriousViolations(page: Page) {
  // Colours are read once nothing is fading or sliding in (a menu opening, a list item
  // arriving): mid-transition they are blends that no one reads.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')}`);
}

/** Shows the signed-in app in a scheme: the saved preference (light) wins over the device's, so dark is switched to. */
async function showScheme(page: Page, scheme: 'light' | 'dark') {
  if (scheme === 'dark') await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${scheme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((s) => localStorage.setItem('packline.color-scheme', s), scheme);
    });

    test.describe(() => {
      // The login page is seen signed out (a signed-in visitor is sent on to the dashboard).
      test.use({ signedIn: false });

      test('login page has no serious axe violations', async ({ page }) => {
        await page.goto('/auth/login');
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    });

    // The pages whose warnings people read at a glance, with colour-contrast on (wcag2aa):
    // coloured quantities and badges at 4.5:1, links set apart by more than their colour.
    test('inventory, its warnings and an item\'s batches have no serious axe violations', async ({ page }) => {
      test.setTimeout(120_000);
      // The items with a batch expiring within 30 days: the demo has a low-stock item and
      // batches expiring (orange) and expired (red), in the warnings and in the batches.
      await page.goto('/inventory?expiring_within_days=30');
      await showScheme(page, scheme);
      const expiring = page.locator('section[aria-labelledby="expiring-title"]');
      await expect(page.locator('section[aria-labelledby="low-stock-title"]')).toBeVisible();
      await expect(expiring.locator('.mantine-Badge-root').first()).toBeVisible();
      await page.getByRole('button', { name: /^Show the batches of / }).first().click();
      await expect(page.locator('[data-testid^="batch-"]').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('production daily report has no serious axe violations', async ({ page, request }) => {
      test.setTimeout(120_000);
      // The latest day of the demo's production with entries (its link to their recipe versions).
      const headers = { Authorization: `Bearer ${await apiToken(request)}` };
      let day = '';
      for (let back = 1; back <= 10 && !day; back++) {
        const d = new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
        const daily = (await (await request.get(`/api/production/daily?date=${d}`, { headers })).json()) as { entries: unknown[] };
        if (daily.entries.length > 0) day = d;
      }
      expect(day).not.toBe('');
      await page.goto(`/production/production-daily?date=${day}`);
      await showScheme(page, scheme);
      await expect(page.getByTestId('recipe-link').first()).toBeVisible();
      await expect(page.getByTestId('daily-products')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test.describe(() => {
      test.use({ signedIn: false });

      test('kiosk and its PIN pad have no serious axe violations', async ({ page }) => {
        await page.goto('/employee-portal');
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        const employees = page.getByRole('list', { name: 'Employees' }).getByRole('button');
        await expect(employees.first()).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await employees.first().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    });

    test('main layout has no serious axe violations', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('/dashboard');
      if (scheme === 'dark') await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);

      // The open menus and the modal too.
      await page.getByTestId('profile-menu').click();
      await expect(page.getByRole('menu')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Patch Notes' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test('keyboard: skip link, then the sidebar toggle and menu are reachable', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('sidebar-toggle')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sidebar-toggle')).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sidebar-toggle')).toHaveAttribute('aria-expanded', 'true');
});
