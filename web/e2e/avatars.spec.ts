import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { expect, test } from './fixtures';

/**
 * Issue 15: avatar initials must read against their disc for every name, in both themes.
 * Each name below gets a different one of the avatar colours; each is a real account,
 * made with the binary, that signs in and has its dashboard checked by axe.
 */
const NAMES = [
  ['Grace', 'Nakamura'],
  ['Grace', 'Silva'],
  ['Grace', 'Okafor'],
  ['Grace', 'Kowalski'],
  ['Grace', 'Lindqvist'],
  ['Hugo', 'Silva'],
  ['Hugo', 'Okafor'],
  ['Ines', 'Nakamura'],
] as const;
const PASSWORD = 'avatar-check-0123';

// The accounts go straight into the server's database; an external server (PACKLINE_E2E_URL
// or _CMD) has its own, which this test cannot reach.
const db = process.env.PACKLINE_E2E_CMD || process.env.PACKLINE_E2E_URL ? undefined : process.env.PACKLINE_E2E_DB;

test('dashboard avatars pass axe colour contrast for several names, light and dark', async ({ page }) => {
  test.skip(!db, 'needs the database of the server that playwright.config.ts starts');
  test.setTimeout(300_000);
  const run = Date.now().toString(36);
  for (const [first, last] of NAMES) {
    const email = `${first}.${last}.${run}@example.org`.toLowerCase();
    execFileSync('../bin/packline', ['user', 'create', '--db', db!, '--email', email, '--password', PASSWORD, '--first', first, '--last', last, '--role', 'staff']);

    await page.context().clearCookies();
    await page.goto('/auth/login');
    await page.evaluate(() => {
      localStorage.removeItem('packline.token');
      sessionStorage.removeItem('packline.token');
    });
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${first} ${last}` })).toBeVisible();
    // Wait until the visitors list shows this person's own avatar too.
    await expect(page.getByTestId('visitors')).toContainText(`${first} ${last}`);

    for (const scheme of ['light', 'dark'] as const) {
      if (scheme === 'dark') await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${first} ${last}, ${scheme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    }
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth\/login/);
  }
});
