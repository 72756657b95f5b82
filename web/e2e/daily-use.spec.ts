import { apiToken, expect, screenshotPath, test } from './fixtures';

/** Numbers, names and narrow screens as a daily user meets them. */

test('Persian dashboard: counts in Persian digits, Latin names cut at their end', async ({ page, request }, testInfo) => {
  const token = await apiToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  // Six more people at work than the card lists, whatever the hour of the demo's rota:
  // "+N more" always shows. They clock out again at the end.
  const tag = Date.now().toString(36).slice(-5);
  const punch = async (id: number, action: 'clockin' | 'clockout') => {
    const pin = await (await request.post('/api/employees/validate-pin', { data: { employee_id: id, pin: '5826' } })).json();
    expect((await request.post(`/api/employees/${action}`, { data: { employee_id: id, clock_token: pin.clock_token } })).ok()).toBeTruthy();
  };
  const extra: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await request.post('/api/employees', { headers, data: { first_name: 'Parvin', last_name: `Daily${tag}${i}`, pin: '5826' } });
    expect(res.status()).toBe(201);
    extra.push(((await res.json()) as { employee_id: number }).employee_id);
    await punch(extra[i], 'clockin');
  }
  try {
    // Persian, saved and on the device (the app then starts in it, not switching after load).
    await request.patch('/api/user/preferences', { headers, data: { language: 'ir' } });
    await page.addInitScript(() => localStorage.setItem('packline.language', 'ir'));
    await page.goto('/dashboard');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    // Counts: badges, "+N more", "N invoices" — Persian digits, no Latin ones.
    await expect(page.getByTestId('clocked-in-count')).toHaveText(/^[۰-۹]+$/);
    await expect(page.getByTestId('shipments-total')).toHaveText(/^[۰-۹]+$/);
    await expect(page.getByTestId('clocked-in-more')).toHaveText(/^\+[۰-۹]+ /);
    await expect(page.getByText(/^[۰-۹]+ صورتحساب$/)).toBeVisible();

    // A Latin name shortened in a card keeps its beginning: its direction is its own (dir=auto).
    const name = page.getByTestId('stock-warnings').locator('[dir="auto"]').first();
    await expect(name).toBeVisible();
    const cut = await name.evaluate((el) => ({ direction: getComputedStyle(el).direction, overflow: getComputedStyle(el).textOverflow, text: el.textContent ?? '' }));
    expect(cut.text).toMatch(/^[A-Za-z]/);
    expect(cut.direction).toBe('ltr');
    expect(cut.overflow).toBe('ellipsis');
    await page.screenshot({ path: screenshotPath(testInfo, 'dashboard-ir.png'), fullPage: true });
  } finally {
    for (const id of extra) await punch(id, 'clockout');
  }
});

test('the invoice page at 375 px: no sideways scroll, the line table inside its card', async ({ page, request }, testInfo) => {
  const token = await apiToken(request);
  const list = await (await request.get('/api/invoices?limit=100', { headers: { Authorization: `Bearer ${token}` } })).json();
  // The invoice with the widest amounts.
  const widest = [...list.invoices].sort((a, b) => b.total_minor - a.total_minor)[0];
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/payments/billing/${widest.id}`);
  const doc = page.getByTestId('invoice-document');
  await expect(doc).toBeVisible();
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.view);
  const card = await doc.boundingBox();
  const lines = await doc.locator('.invoice-lines').boundingBox();
  expect(lines!.x + lines!.width).toBeLessThanOrEqual(card!.x + card!.width);
  await page.screenshot({ path: screenshotPath(testInfo, 'invoice-375.png'), fullPage: true });
});

test('the batch page: one history, newest first, paged and filtered on the server', async ({ page, request }, testInfo) => {
  const token = await apiToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const items = await (await request.get('/api/inventory/items?limit=100', { headers })).json();
  // The demo batch with the longest history.
  let best = { id: 0, moves: 0 };
  for (const it of items.items as { batches: { id: number }[] }[]) {
    for (const b of it.batches) {
      const page = await (await request.get(`/api/inventory/moves?batch_id=${b.id}&limit=100`, { headers })).json();
      if (page.moves.length > best.moves) best = { id: b.id, moves: page.moves.length };
    }
  }
  expect(best.moves).toBeGreaterThan(25);
  await page.goto(`/inventory/batches/${best.id}`);
  const history = page.getByRole('table', { name: 'History of moves' });
  await expect(history.locator('tbody tr')).toHaveCount(25);
  await expect(page.getByText('Page 1')).toBeVisible();
  const firstRow = await history.locator('tbody tr').first().getAttribute('data-testid');
  await page.getByRole('button', { name: 'Older' }).click();
  await expect(page.getByText('Page 2')).toBeVisible();
  await expect(history.locator('tbody tr').first()).not.toHaveAttribute('data-testid', firstRow!);
  await page.getByRole('button', { name: 'Newer' }).click();
  await expect(history.locator('tbody tr').first()).toHaveAttribute('data-testid', firstRow!);
  await page.screenshot({ path: screenshotPath(testInfo, 'batch-history.png'), fullPage: true });

  // Only the receipt: one row, and the pager is gone.
  await page.getByLabel('Move', { exact: true }).first().click();
  await page.getByRole('option', { name: 'Received' }).click();
  await expect(history.locator('tbody tr')).toHaveCount(1);
  await expect(history.locator('tbody tr').first()).toContainText('Received');
  await expect(page.getByRole('button', { name: 'Older' })).toHaveCount(0);
});
