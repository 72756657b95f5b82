import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';

/** The demo login the server prints with --demo. */
export const DEMO = { email: 'demo@packline.local', password: 'packline-demo' } as const;

/** A token for the demo user, straight from the API. */
export async function apiToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/login', { data: { ...DEMO, remember: false } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).token as string;
}

/** Puts the demo user's saved preferences back to the defaults. */
export async function resetPreferences(request: APIRequestContext) {
  const token = await apiToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  await request.patch('/api/user/preferences', { headers, data: { language: 'gb', theme: 'light', nav_layout: 'side' } });
  await request.post('/api/logout', { headers });
}

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
  page: async ({ page, request }, use) => {
    // Every test starts in English, light theme, side navigation, locally and on the server.
    await resetPreferences(request);
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('e2e-init')) {
        sessionStorage.setItem('e2e-init', '1');
        localStorage.setItem('packline.language', 'gb');
        localStorage.setItem('packline.color-scheme', 'light');
        localStorage.setItem('packline.nav-layout', 'side');
      }
    });
    await use(page);
  },
});

export { expect };

/**
 * A day in the organisation's zone (America/Chicago, the demo's), `offset` days from today:
 * production refuses hours that have not begun, so an entry at a fixed hour goes on yesterday.
 */
export function orgDay(offset = 0): string {
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' });
  return fmt.format(new Date(Date.now() + offset * 86_400_000));
}
