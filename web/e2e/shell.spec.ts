import { account, apiToken, expect, signIn, SIGNED_OUT, test } from './fixtures';

const APP_ROUTES: [string, string][] = [
  ['/dashboard', 'Welcome back'],
  ['/settings', 'Settings'],
  ['/preferences', 'Preferences'],
  ['/users', 'Users'],
  ['/projects', 'Projects'],
  ['/docs', 'Documents'],
  ['/inventory', 'Inventory'],
  ['/faq', 'FAQ'],
  ['/shipping-log', 'Shipping log'],
  ['/partners', 'Partners'],
  ['/employees', 'Employees'],
  ['/production/production-overview', 'Production overview'],
  ['/production/production-daily', 'Production daily'],
  ['/production/production-hourly', 'Production hourly'],
  ['/payments/payment-methods', 'Payment methods'],
  ['/payments/billing', 'Billing'],
  ['/payments/pricing-plans', 'Pricing plans'],
];

test.describe('route guard', () => {
  test.use({ signedIn: false });

  test('every signed-in route sends a visitor to login with the full path', async ({ page }) => {
    test.setTimeout(240_000);
    for (const [path] of APP_ROUTES) {
      await page.goto(`${path}?from=e2e`);
      await expect(page, path).toHaveURL(`/auth/login?redirect=${encodeURIComponent(`${path}?from=e2e`)}`);
    }
  });

  test('after login the user lands on the wanted nested path', async ({ page }) => {
    await page.goto('/production/production-hourly?line=2');
    await expect(page).toHaveURL(/redirect=/);
    await page.getByLabel('Email').fill(account().email);
    await page.getByLabel(/^Password/).fill(account().password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/production/production-hourly?line=2');
  });
});

test.describe('layouts', () => {
  test('each signed-in route renders inside the main layout', async ({ page }) => {
    test.setTimeout(180_000);
    for (const [path, title] of APP_ROUTES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toContainText(title);
      await expect(page.getByRole('banner'), path).toBeVisible();
      await expect(page.locator('#app-sidebar'), path).toBeVisible();
      await expect(page.getByTestId('breadcrumb'), path).toBeVisible();
      await expect(page.getByRole('main'), path).toBeVisible();
    }
  });

  test.describe(() => {
    // Public pages, seen signed out (a signed-in visitor is sent on to the dashboard); the
    // 404 page's support address is an organisation setting organisation.spec.ts changes for a while.
    test.use({ signedIn: false, exclusive: ['org-settings'] });

    test('auth pages use the auth layout with the brand panel on large screens', async ({ page }) => {
      for (const path of ['/auth/login', '/auth/signup', '/auth/recover-password', '/auth/recover-password-email']) {
        await page.goto(path);
        await expect(page.getByRole('complementary', { name: 'About Packline' }), path).toBeVisible();
        await expect(page.locator('#app-sidebar'), path).toHaveCount(0);
        await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      }
      await page.setViewportSize({ width: 800, height: 800 });
      await page.goto('/auth/login');
      await expect(page.getByRole('complementary', { name: 'About Packline' })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    });

    test('the kiosk and the 404 page are public and outside the main layout', async ({ page }) => {
      await page.goto('/employee-portal');
      await expect(page).toHaveURL('/employee-portal');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Employee Clock In/Out');
      await expect(page.locator('#app-sidebar')).toHaveCount(0);

      await page.goto('/404');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
      const settings = await (await page.request.get('/api/settings/public')).json();
      await expect(page.getByTestId('support-link')).toHaveAttribute('href', `mailto:${settings.support_email}`);
      await expect(page.getByText(/please message support/)).toBeVisible();
      await page.getByRole('link', { name: 'Back to dashboard' }).click();
      await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fdashboard/);
    });
  });
});

test.describe('sidebar and breadcrumb', () => {
  test('expanded at 1280px with 280px width, minimized at 800px, toggles', async ({ page }) => {
    await page.goto('/dashboard');
    const sidebar = page.locator('#app-sidebar');
    const toggle = page.getByTestId('sidebar-toggle');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(280);
    await expect.poll(async () => (await sidebar.boundingBox())?.x).toBe(0);

    await page.setViewportSize({ width: 800, height: 800 });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(async () => { const b = await sidebar.boundingBox(); return b ? b.x + b.width : 0; }).toBeLessThanOrEqual(0);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(async () => (await sidebar.boundingBox())?.x).toBe(0);
    await expect(sidebar.getByRole('link', { name: 'Inventory' })).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  test('on a phone the sidebar covers the screen and closes after navigation', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/dashboard');
    const toggle = page.getByTestId('sidebar-toggle');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const sidebar = page.locator('#app-sidebar');
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(375);
    await sidebar.getByRole('link', { name: 'Inventory' }).click();
    await expect(page).toHaveURL('/inventory');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('the active item and the production group follow the route; breadcrumb names each level', async ({ page }) => {
    await page.goto('/production/production-hourly');
    const sidebar = page.locator('#app-sidebar');
    await expect(sidebar.getByRole('link', { name: 'Production hourly' })).toHaveAttribute('aria-current', 'page');
    const crumb = page.getByTestId('breadcrumb');
    await expect(crumb).toHaveText(/Home\s*Production\s*Production hourly/);
    await crumb.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(crumb).toHaveText(/Home\s*Dashboard/);
  });
});

test.describe('navbar', () => {
  test("patch notes show the latest release of Packline's own CHANGELOG.md and the earlier ones", async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Patch Notes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Patch Notes' });
    await expect(dialog.getByTestId('patch-notes-date')).toHaveText(/^Latest update: \d{1,2} \w+ 20\d\d$/);
    await expect(dialog).not.toContainText('Trial banner');
    await expect(dialog.getByTestId('patch-notes-latest').getByRole('listitem').first()).toBeVisible();
    const earlier = dialog.getByTestId('patch-notes-earlier');
    await earlier.getByRole('button', { name: /^Version 0\.1\.0 · 22 November 2026$/ }).click();
    await expect(earlier.getByText('The employee kiosk: clock in and out with a personal PIN; employees and their timesheets.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test.describe(() => {
    // The support address is an organisation setting that organisation.spec.ts changes for a while.
    test.use({ exclusive: ['org-settings'] });

    test('support link mails the organisation support address', async ({ page }) => {
      await page.goto('/dashboard');
      const settings = await (await page.request.get('/api/settings/public')).json();
      await expect(page.getByTestId('support-link')).toHaveAttribute('href', `mailto:${settings.support_email}`);
    });
  });

  test('notification dropdown opens with its state announced', async ({ page }) => {
    await page.goto('/dashboard');
    const bell = page.getByTestId('notifications-button');
    await expect(bell).toHaveAttribute('aria-expanded', 'false');
    await bell.click();
    await expect(bell).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('dialog').getByText('Notifications', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark as read' })).toBeVisible();
  });

  test.describe(() => {
    // Signing out is tested: with a session of its own, signed in through the form.
    test.use({ signedIn: false });

    test('logout from the profile menu', async ({ page }) => {
      await signIn(page, { remember: true });
      const menu = page.getByRole('button', { name: 'Account menu' });
      await expect(menu).toContainText('Demo');
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await expect(page).toHaveURL('/auth/login');
      expect(await page.evaluate(() => localStorage.getItem('packline.token'))).toBeNull();
    });
  });
});

test.describe('languages and themes', () => {
  const LOCALES: [string, string, string, string][] = [
    ['br', 'pt-BR', 'ltr', 'Início'],
    ['es', 'es', 'ltr', 'Inicio'],
    ['cn', 'zh-CN', 'ltr', '首页'],
    ['ir', 'fa-IR', 'rtl', 'خانه'],
    ['gb', 'en-GB', 'ltr', 'Home'],
  ];

  test('switches to every locale from the profile menu; Persian is right to left', async ({ page }) => {
    await page.goto('/dashboard');
    for (const [code, lang, dir, home] of LOCALES) {
      await page.getByTestId('profile-menu').click();
      await page.getByTestId('change-language').click();
      await page.getByTestId(`language-${code}`).click();
      await expect(page.locator('html'), code).toHaveAttribute('lang', lang);
      await expect(page.locator('html'), code).toHaveAttribute('dir', dir);
      await expect(page.getByTestId('breadcrumb').getByRole('link').first(), code).toHaveText(home);
      if (code === 'ir') {
        // Mirrored: the sidebar sits on the right.
        const box = await page.locator('#app-sidebar').boundingBox();
        expect(box!.x + box!.width).toBe(1280);
        await page.getByRole('button', { name: 'یادداشت‌های به‌روزرسانی' }).click();
        await expect(page.getByRole('dialog')).toContainText('۲۰۲۶'); // the latest release's year (CHANGELOG.md), in Persian digits
        await page.keyboard.press('Escape');
      }
    }
  });

  test('the language is saved to the account and applied at the next sign-in', async ({ page, browser }) => {
    await page.goto('/dashboard');
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('change-language').click();
    await page.getByTestId('language-es').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect.poll(async () => {
      const token = await apiToken(page.request);
      const res = await page.request.get('/api/user/preferences', { headers: { Authorization: `Bearer ${token}` } });
      return (await res.json()).language;
    }).toBe('es');

    const fresh = await browser.newPage({ storageState: SIGNED_OUT });
    await signIn(fresh);
    await expect(fresh.locator('html')).toHaveAttribute('lang', 'es');
    await expect(fresh.getByTestId('breadcrumb').getByRole('link').first()).toHaveText('Inicio');
    await fresh.close();
  });

  test('dark theme applies, is saved, and is set before first paint on reload', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).not.toBe('rgb(255, 255, 255)');

    // With the app's scripts blocked, only public/boot.js runs: it alone sets the theme.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.unroute('**/assets/*.js');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('packline.token'));
    const prefs = await (await page.request.get('/api/user/preferences', { headers: { Authorization: `Bearer ${token}` } })).json();
    expect(prefs.theme).toBe('dark');
  });

  test('navigation layout: top bar chosen on the dashboard, kept after reload', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByTestId('nav-layout').getByText('Top bar').click();
    await expect(page.locator('#app-sidebar')).toHaveCount(0);
    const topNav = page.getByRole('banner').getByRole('navigation', { name: 'Main navigation' });
    await expect(topNav.getByRole('link', { name: 'Inventory' })).toBeVisible();
    await page.reload();
    await expect(page.locator('#app-sidebar')).toHaveCount(0);
    await expect(topNav.getByRole('link', { name: 'Inventory' })).toBeVisible();
    await page.getByTestId('nav-layout').getByText('Side bar').click();
    await expect(page.locator('#app-sidebar')).toBeVisible();
  });
});
