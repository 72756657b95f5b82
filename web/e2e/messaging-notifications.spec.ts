import { apiToken, expect, test } from './fixtures';

/** "See all" in the notifications dropdown opens a page with filters (unread, kind), server paging and mark read. */
// The demo's low-stock alerts were raised for the accounts the demo made: this test is
// signed in as the demo user itself (no other test is).
test.use({ user: 'demo' });
// The bell must read 0 once everything is marked read: no test raising notices for every
// user runs meanwhile.
test.use({ exclusive: ['notifications'] });

test('the notifications page: reached from the dropdown, filtered by kind and unread, marked read', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  // The demo's low-stock alerts: how many the server holds for the demo user.
  const lowStock = await (await request.get('/api/notifications?kind=low_stock&limit=1', { headers })).json();
  expect(lowStock.total).toBeGreaterThan(1);

  await page.goto('/dashboard');
  // The dropdown's see less folds it away; see all opens the page.
  await page.getByTestId('notifications-button').click();
  await page.getByTestId('notifications-see-less').click();
  await expect(page.getByTestId('notifications-see-less')).toBeHidden();
  await page.getByTestId('notifications-button').click();
  await page.getByTestId('notifications-see-all').click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications');
  await expect(page.getByTestId('breadcrumb')).toHaveText(/Home\s*Notifications/);

  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Low stock' }).click();
  await expect(page).toHaveURL(/kind=low_stock/);
  const rows = page.getByTestId('notifications-page-list').getByRole('listitem');
  await expect(rows).toHaveCount(Math.min(lowStock.total, 20));
  await expect(rows.filter({ hasText: 'reorder level' })).toHaveCount(Math.min(lowStock.total, 20));

  await page.getByText('Unread', { exact: true }).click();
  await expect(page).toHaveURL(/unread=true/);
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('No notification matches these filters.')).toBeVisible();
  await expect(page.getByTestId('notifications-button')).toHaveAttribute('data-unread', '0');
});
