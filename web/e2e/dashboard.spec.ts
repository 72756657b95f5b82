import AxeBuilder from '@axe-core/playwright';
import { createAccount, expect, serverDB, test } from './fixtures';

/**
 * Avatar initials must read against their disc for every name, in both themes.
 * Each name below gets a different one of the avatar colours (src/lib/avatar-color.test.ts
 * checks all of them); each is a real account,
 * made with the binary, that signs in and has its dashboard checked by axe.
 */
const NAMES = [
  ['Grace', 'Okafor'], // teal 9, the lightest of them
  ['Grace', 'Nakamura'], // blue 9
  ['Grace', 'Kowalski'], // indigo 8
  ['Hugo', 'Silva'], // pink 8
  ['Hugo', 'Okafor'], // red 9
] as const;
const PASSWORD = 'avatar-check-0123';

test.describe(() => {
  // Each account signs in through the form: the test starts signed out.
  test.use({ signedIn: false });

  test('dashboard avatars pass axe colour contrast for several names, light and dark', async ({ page }) => {
    // The accounts go straight into the server's database (PACKLINE_E2E_DB).
    test.skip(!serverDB, 'needs PACKLINE_E2E_DB, the database of the server under test');
    test.setTimeout(300_000);
    const run = Date.now().toString(36);
    for (const [first, last] of NAMES) {
      const email = `${first}.${last}.${run}@example.org`.toLowerCase();
      createAccount({ email, password: PASSWORD, first, last, role: 'staff' });

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
        // Colours are read once nothing is fading in (mid-transition they are blends).
        await page.waitForFunction(() =>
          document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
        );
        // Where avatars are (the visitors list, the profile button), for the contrast rule:
        // the whole page in both themes is a11y.spec's.
        const results = await new AxeBuilder({ page }).include('[data-testid="visitors"]').include('[data-testid="profile-menu"]').withRules(['color-contrast']).analyze();
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${first} ${last}, ${scheme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(serious).toEqual([]);
        // The rule did look at the avatars' letters.
        expect(results.passes.find((r) => r.id === 'color-contrast')?.nodes.length ?? 0).toBeGreaterThan(0);
      }
      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      await page.getByTestId('profile-menu').click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/auth\/login/);
    }
  });
});

test('kiosk set-up card: the address this browser used, and its QR code once in view', async ({ page, baseURL }) => {
  await page.goto('/dashboard');
  await expect(page.getByTestId('kiosk-address')).toHaveText(`${baseURL}/employee-portal`);
  // The code's module loads once the card is in view.
  await page.getByTestId('kiosk-address').scrollIntoViewIfNeeded();
  await expect(page.getByRole('img', { name: 'QR code of the kiosk address' })).toBeVisible();
});

test('the sidebar fills the viewport beside a long page and stays put while it scrolls', async ({ page }) => {
  await page.goto('/employees');
  await expect(page.getByRole('table')).toBeVisible();
  const sidebar = page.getByTestId('sidebar');
  const before = await sidebar.boundingBox();
  await page.mouse.wheel(0, 5000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const after = await sidebar.boundingBox();
  const viewport = page.viewportSize()!;
  expect(after).toEqual(before);
  expect(after!.y + after!.height).toBe(viewport.height);
});

test('badges on the batch page show their whole text at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/inventory/batches/1');
  await expect(page.getByTestId('batch-on-hand')).toBeVisible();
  const cut = await page.locator('.mantine-Badge-label').evaluateAll((labels) =>
    labels.filter((l) => l.scrollWidth > l.clientWidth + 1 || l.getBoundingClientRect().right > window.innerWidth).map((l) => l.textContent),
  );
  expect(cut).toEqual([]);
});
