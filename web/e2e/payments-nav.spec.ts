import { expect, test } from './fixtures';

/** The Payments group (SPEC §2) in the navigation, its pages reached by clicking, not by typing URLs. */
const ENTRIES: [string, RegExp, string][] = [
  ['Billing', /\/payments\/billing$/, 'Billing'],
  ['Payment methods', /\/payments\/payment-methods$/, 'Payment methods'],
  ['Pricing plans', /\/payments\/pricing-plans$/, 'Pricing plans'],
  ['Clients', /\/payments\/clients$/, 'Clients'],
];

test('side bar: the Payments group reaches billing, payment methods, pricing plans and clients; its crumb leads to the group', async ({ page }) => {
  await page.goto('/dashboard');
  const sidebar = page.locator('#app-sidebar');
  const group = sidebar.getByRole('button', { name: 'Payments' });
  for (const [label, url, heading] of ENTRIES) {
    const link = sidebar.getByRole('link', { name: label, exact: true });
    // The group opens on click, and stays open while one of its pages is shown.
    if (!(await link.isVisible())) await group.click();
    await link.click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('breadcrumb')).toHaveText(new RegExp(`Home\\s*Payments\\s*${label}`));
  }
  await page.getByTestId('breadcrumb').getByRole('link', { name: 'Payments' }).click();
  await expect(page).toHaveURL(/\/payments\/billing$/);
});

test('top bar: the Payments menu reaches the same four pages', async ({ page }) => {
  await page.goto('/dashboard');
  await page.getByTestId('nav-layout').getByText('Top bar').click();
  const topNav = page.getByRole('banner').getByRole('navigation', { name: 'Main navigation' });
  for (const [label, url, heading] of ENTRIES) {
    await topNav.getByRole('button', { name: 'Payments' }).click();
    await page.getByRole('menuitem', { name: label, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
  }
  await page.goto('/dashboard');
  await page.getByTestId('nav-layout').getByText('Side bar').click();
  await expect(page.locator('#app-sidebar')).toBeVisible();
});
