import { apiToken, expect, test } from './fixtures';

/** The search across the app (Ctrl/⌘+K), from the server, permissions respected. */
test('Ctrl+K opens the search; a demo batch code and Enter open that batch', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const { items } = (await (await request.get('/api/inventory/items?page_size=50&sort=name', { headers })).json()) as {
    items: { batches: { id: number; code: string }[] }[];
  };
  const batch = items.find((i) => i.batches.length > 0)!.batches[0];

  await page.goto('/dashboard');
  // Nothing of the search is loaded before it is used.
  const before = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).join('\n'));
  expect(before).not.toContain('search-spotlight');

  await expect(page.getByTestId('search-button')).toBeVisible();
  await page.keyboard.press('Control+k');
  const input = page.getByTestId('search-input');
  await expect(input).toBeFocused();
  await input.fill(batch.code);
  await expect(page.getByTestId('search-result-batch').first()).toContainText(batch.code);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/inventory/batches/${batch.id}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('breadcrumb')).toContainText(batch.code);
});

test('the header button opens it; arrows pick a page by its navigation label; Esc closes', async ({ page }) => {
  await page.goto('/dashboard');
  await page.getByTestId('search-button').click();
  const input = page.getByTestId('search-input');
  await input.fill('production');
  const results = page.getByTestId('search-results');
  await expect(results.getByText('Production › Production hourly')).toBeVisible();
  // The first match is picked as the query changes; two down is the third.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/production\/production-hourly$/);

  await page.keyboard.press('Control+k');
  await expect(input).toBeVisible();
  await input.fill('zz-nothing-here');
  await expect(results).toContainText('Nothing matches');
  await page.keyboard.press('Escape');
  await expect(input).toBeHidden();
});
