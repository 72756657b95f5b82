import { expect, test } from '@playwright/test';

/**
 * The public pages paint from their HTML: the built /auth/login and
 * /employee-portal hold the page's markup before any script runs, in the language and
 * theme the server chose, and the browser's React hydrates that markup rather than
 * drawing it again.
 */
test.describe('prerendered public pages', () => {
  test('the HTML of /auth/login and /employee-portal holds the page before scripts run', async ({ request }) => {
    const login = await (await request.get('/auth/login', { headers: { 'Accept-Language': 'en-GB' } })).text();
    expect(login).toMatch(/<html lang="en-GB" dir="ltr" data-mantine-color-scheme="light" data-prerendered="gb light">/);
    expect(login).toMatch(/<form[\s>]/);
    expect(login).toMatch(/<input[^>]*type="email"/);
    expect(login).toMatch(/<input[^>]*type="password"/);
    expect(login).toContain('>Sign in<');
    expect(login).toContain('<title>Sign in · Packline</title>');
    expect(login).toMatch(/<style>@layer mantine/); // the critical CSS, inline

    const kiosk = await (
      await request.get('/employee-portal', { headers: { Cookie: 'packline_lang=ir; packline_theme=dark' } })
    ).text();
    expect(kiosk).toMatch(/<html lang="fa-IR" dir="rtl" data-mantine-color-scheme="dark" data-prerendered="ir dark">/);
    expect(kiosk).toContain('<h1');
    expect(kiosk).toContain('ثبت ورود و خروج کارکنان');
    for (const letter of ['A', 'M', 'Z']) expect(kiosk).toMatch(new RegExp(`<button [^>]*aria-pressed="false"[^>]*>${letter}</button>`));
  });

  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false });
    test('the login form and the kiosk title and letters show', async ({ page }) => {
      await page.goto('/auth/login');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expect(page.getByLabel('Email')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await page.goto('/employee-portal');
      await expect(page.getByRole('heading', { level: 1, name: 'Employee Clock In/Out' })).toBeVisible();
      const letters = page.getByRole('navigation').getByRole('button');
      await expect(letters).toHaveCount(27);
      await expect(letters.last()).toHaveText('Z');
    });
  });

  test('the browser hydrates the prerendered kiosk without drawing it again', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.addInitScript(() => {
      const w = window as unknown as { removedFromRoot: number };
      w.removedFromRoot = 0;
      new MutationObserver((records) =>
        records.forEach((r) => {
          if ((r.target as Element).id === 'root') w.removedFromRoot += r.removedNodes.length;
        }),
      ).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/employee-portal');
    await expect(page.getByRole('button', { name: /Ana Almeida/ })).toBeVisible();
    // Interactive: a letter filters the list.
    await page.getByRole('navigation').getByRole('button', { name: 'Z', exact: true }).click();
    await expect(page.getByRole('button', { name: /Ana Almeida/ })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { removedFromRoot: number }).removedFromRoot)).toBe(0);
    expect(errors).toEqual([]);
  });

  test('a language and theme chosen on the page come back prerendered on the next visit', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByTestId('language-select').selectOption('ir');
    await expect(page.getByRole('heading', { name: 'ورود' })).toBeVisible();
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    // The server now knows (the cookies): the document itself is Persian, right to left and dark.
    const res = await page.request.get('/employee-portal');
    expect(await res.text()).toMatch(/<html lang="fa-IR" dir="rtl" data-mantine-color-scheme="dark" data-prerendered="ir dark">/);
    await page.goto('/employee-portal');
    await expect(page.getByRole('heading', { level: 1, name: 'ثبت ورود و خروج کارکنان' })).toBeVisible();
    expect(await page.locator('html').getAttribute('data-prerendered')).toBe('ir dark');
  });
});
