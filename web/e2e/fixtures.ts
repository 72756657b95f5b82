import { expect, test as base, type Page } from '@playwright/test';

/** The demo login the server prints with --demo. */
export const DEMO = { email: 'demo@packline.local', password: 'packline-demo' } as const;

/** Signs in through the login form (English labels) and waits to leave /auth. */
export async function signIn(page: Page, opts: { remember?: boolean; from?: string } = {}) {
  await page.goto(opts.from ?? '/auth/login');
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel(/^Password/).fill(DEMO.password);
  if (opts.remember) await page.getByLabel('Keep me logged in').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/auth\//);
}

export const test = base.extend({
  page: async ({ page }, use) => {
    // Start every test in English, light theme, side navigation.
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('e2e-init')) {
        sessionStorage.setItem('e2e-init', '1');
        if (!localStorage.getItem('packline.language')) localStorage.setItem('packline.language', 'gb');
      }
    });
    await use(page);
  },
});

export { expect };
