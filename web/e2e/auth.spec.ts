import { account, expect, signIn, test } from './fixtures';

test.describe('sign-in', () => {
  // Signing in is what is tested here: every test starts signed out.
  test.use({ signedIn: false });

  test('signs in, follows redirect, survives reload via token re-check, and logs out', async ({ page }) => {
    await page.goto('/dashboard?view=today');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fdashboard%3Fview%3Dtoday$/);

    await page.getByLabel('Email').fill(account().email);
    await page.getByLabel(/^Password/).fill(account().password);
    await page.getByLabel('Keep me logged in').check();
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/dashboard\?view=today$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome back');
    const token = await page.evaluate(() => localStorage.getItem('packline.token'));
    expect(token).toBeTruthy();

    // A reload re-checks the stored token with GET /api/user and stays signed in.
    const recheck = page.waitForResponse((r) => r.url().endsWith('/api/user') && r.request().method() === 'GET');
    await page.reload();
    expect((await recheck).status()).toBe(200);
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome back');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('packline.token'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('packline.token'))).toBeNull();

    // The revoked token no longer works on the server.
    const res = await page.request.get('/api/user', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(401);
  });

  test('without remember me the token lives in sessionStorage', async ({ page }) => {
    await signIn(page);
    expect(await page.evaluate(() => sessionStorage.getItem('packline.token'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('packline.token'))).toBeNull();
  });

  test('wrong password shows the error and stays on login', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill('nobody@packline.local');
    await page.getByLabel(/^Password/).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid email or password.');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('a stale stored token is cleared and the user goes to login', async ({ page }) => {
    await page.goto('/auth/login');
    await page.evaluate(() => localStorage.setItem('packline.token', 'not-a-real-token'));
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\/login/);
    expect(await page.evaluate(() => localStorage.getItem('packline.token'))).toBeNull();
  });

  test('a signed-in user visiting /auth pages goes to the dashboard; / and unknown paths too', async ({ page }) => {
    await signIn(page);
    for (const url of ['/auth/login', '/auth/signup', '/auth', '/', '/no/such/page']) {
      await page.goto(url);
      await expect(page, url).toHaveURL(/\/dashboard$/);
    }
  });

  test('an off-site redirect is ignored', async ({ page }) => {
    await signIn(page, { from: `/auth/login?redirect=${encodeURIComponent('//evil.example/x')}` });
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
