import type { APIRequestContext } from '@playwright/test';
import { apiToken, apiWriter, expect, orgDay, test } from './fixtures';

/**
 * Enter an hour's units picking batches, see the subtraction view, see stock
 * fall on the batch page and the finished batch appear, see the daily totals and labour
 * hours, and reverse the entry.
 */

/** Today in the organisation's zone (the demo keeps America/Chicago), and yesterday, whose 9 AM has always passed. */
const today = orgDay();
const yesterday = orgDay(-1);

async function setUp(request: APIRequestContext, tag: string) {
  const post = await apiWriter(request);
  const rice = await post('/api/inventory/items', { sku: `R-${tag}`, name: `E2E rice ${tag}`, kind: 'raw_material', unit: 'kg' });
  const bag = await post('/api/inventory/items', { sku: `B-${tag}`, name: `E2E bag ${tag}`, kind: 'packaging', unit: 'each' });
  const kit = await post('/api/inventory/items', { sku: `K-${tag}`, name: `E2E kit ${tag}`, kind: 'finished_good', unit: 'kit' });
  const early = await post(`/api/inventory/items/${rice.id}/batches`, { code: `RA-${tag}`, quantity: 2, expires_at: '2099-01-01' });
  const late = await post(`/api/inventory/items/${rice.id}/batches`, { code: `RB-${tag}`, quantity: 5, expires_at: '2099-06-01' });
  await post(`/api/inventory/items/${bag.id}/batches`, { code: `BG-${tag}`, quantity: 100 });
  await post(`/api/inventory/items/${kit.id}/recipe`, { components: [{ item_id: rice.id, quantity: 0.25 }, { item_id: bag.id, quantity: 1 }] }, 'put');
  const line = await post('/api/production/lines', { name: `E2E line ${tag}`, hourly_target: 12 });
  const batchId = (b: { id?: number; batch?: { id: number } }) => b.batch?.id ?? b.id ?? 0;
  return { kit, line, early: batchId(early), late: batchId(late), tag };
}

test('production: an hour entered with picked batches, its subtraction, the batch pages, daily totals, reversal', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36).toUpperCase();
  const s = await setUp(request, tag);

  await page.goto(`/production/production-hourly?date=${yesterday}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Production hourly' })).toBeVisible();

  // 10 kits at 9 AM on the new line: 2.5 kg of rice, picked 1 kg + 1.5 kg instead of FEFO's 2 + 0.5.
  await page.getByTestId(`cell-9-${s.line.id}`).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Product' }).click();
  await page.getByRole('option', { name: `E2E kit ${tag} (K-${tag})` }).click();
  await dialog.getByLabel('Units made this hour').fill('10');
  const takeA = dialog.getByLabel(`Quantity taken from batch RA-${tag}`);
  const takeB = dialog.getByLabel(`Quantity taken from batch RB-${tag}`);
  await expect(takeA).toHaveValue('2'); // first expiry first
  await expect(takeB).toHaveValue('0.5');
  await expect(dialog.getByText('This batch runs out')).toBeVisible();
  await takeA.fill('1');
  await takeB.fill('1.5');
  await dialog.getByLabel(`Quantity taken from batch BG-${tag}`).fill('10');
  await dialog.getByRole('button', { name: 'Save entry' }).click();

  // The subtraction view: before → change → after, exact.
  const view = dialog.getByTestId('subtraction-view');
  await expect(view).toBeVisible();
  await expect(view.locator(`tr[data-batch="RA-${tag}"]`)).toContainText('2 kg');
  await expect(view.locator(`tr[data-batch="RA-${tag}"]`)).toContainText('-1');
  await expect(view.locator(`tr[data-batch="RA-${tag}"]`)).toContainText('1 kg');
  await expect(view.locator(`tr[data-batch="RB-${tag}"]`)).toContainText('3.5 kg');
  const finished = `K-${tag}-${yesterday.replaceAll('-', '')}-L${s.line.id}`;
  await expect(view.locator(`tr[data-batch="${finished}"]`)).toContainText('+10');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId(`cell-9-${s.line.id}`)).toContainText('10');

  // Stock fell on the batch page, whose history lists the entry's use; the finished batch appeared.
  await page.goto(`/inventory/batches/${s.late}`);
  await expect(page.getByTestId('batch-on-hand')).toHaveText('3.5 kg');
  const history = page.getByRole('table', { name: 'History of moves' });
  const used = history.getByRole('row').filter({ has: page.getByText('Used', { exact: true }) });
  await expect(used).toContainText('-1.5 kg');
  await expect(used.getByTestId('move-owner')).toContainText('Production entry of');
  const token = await apiToken(request);
  const daily = await (await request.get(`/api/production/daily?date=${yesterday}`, { headers: { Authorization: `Bearer ${token}` } })).json();
  const made = daily.entries.find((e: { line_id: number }) => e.line_id === s.line.id);
  await page.goto(`/inventory/batches/${made.produced_batch_id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(finished);
  await expect(page.getByTestId('batch-on-hand')).toHaveText('10 kit');
  await expect(history.getByRole('row').filter({ has: page.getByText('Produced', { exact: true }) })).toContainText('+10 kit');

  // The daily report: totals per product, labour hours, units per labour hour.
  await page.goto(`/production/production-daily?date=${yesterday}`);
  await expect(page.getByTestId('daily-products')).toContainText(`E2E kit ${tag}`);
  await expect(page.getByTestId('daily-products').getByRole('row', { name: new RegExp(`E2E kit ${tag}`) })).toContainText('10');
  await expect(page.getByText('Labour hours').first()).toBeVisible();
  await expect(page.getByTestId('daily-labour')).not.toBeEmpty();
  await expect(page.getByTestId('daily-lines')).toContainText(`E2E line ${tag}`);
  await expect(page.getByTestId('daily-consumed')).toContainText(`RB-${tag}`);

  // Reverse it: the stock goes back, the entry stays, marked.
  await page.goto(`/production/production-hourly?date=${yesterday}`);
  const entry = page.locator('[data-testid^="entry-"]', { hasText: `E2E line ${tag}` });
  await entry.getByRole('button', { name: 'Reverse' }).click();
  const rev = page.getByRole('dialog');
  await rev.getByLabel('Reason').fill('Counted on the wrong line');
  await rev.getByRole('button', { name: 'Reverse entry' }).click();
  await expect(rev).toBeHidden();
  await expect(entry).toContainText('Reversed');
  await expect(entry).toContainText('Counted on the wrong line');
  await page.goto(`/inventory/batches/${s.early}`);
  await expect(page.getByTestId('batch-on-hand')).toHaveText('2 kg');
});

test.describe(() => {
  // The working day is an organisation setting, saved with the whole settings form.
  test.use({ exclusive: ['org-settings'] });

  test('production: a recipe edited makes a new version, a line created, an employee assigned, the working day from settings', async ({ page, request }) => {
    test.setTimeout(120_000);
    const tag = Date.now().toString(36).toUpperCase();
    const s = await setUp(request, tag);
    const token = await apiToken(request);
    const headers = { Authorization: `Bearer ${token}` };
    const original = await (await request.get('/api/settings', { headers })).json();
    try {
      // The recipe, from the finished good's panel in inventory: version 1 in force, edited into version 2.
      await page.goto('/inventory');
      await page.getByRole('textbox', { name: 'Search' }).fill(`K-${tag}`);
      const show = page.getByRole('button', { name: `Show the batches of E2E kit ${tag}` });
      await expect(page.getByRole('table', { name: 'Items and their batches' }).getByRole('row')).toHaveCount(2);
      await show.click({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Recipe', exact: true }).click();
      const recipe = page.getByRole('dialog');
      await expect(recipe.getByText('Version 1 (in force)')).toBeVisible();
      const q = recipe.getByLabel('Quantity of component 1');
      await expect(q).toHaveValue('0.25');
      await q.fill('0.3');
      await recipe.getByRole('button', { name: 'Save recipe' }).click();
      await expect(recipe.getByText('Version 2 (in force)')).toBeVisible();
      await expect(recipe.getByTestId('recipe-version-1')).toContainText(`0.25 kg E2E rice ${tag}`);
      const versions = await (await request.get(`/api/inventory/items/${s.kit.id}/recipe/versions`, { headers })).json();
      expect(versions.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
      await page.keyboard.press('Escape');

      // A new line, from the hourly page's lines management; it joins the grid.
      await page.goto(`/production/production-hourly?date=${today}`);
      await page.getByRole('button', { name: 'Manage lines' }).click();
      const manage = page.getByRole('dialog');
      await manage.getByLabel('Line name').fill(`E2E new line ${tag}`);
      await manage.getByLabel('Hourly target (units)').first().fill('25');
      await manage.getByRole('button', { name: 'Add line' }).click();
      await expect(manage.getByLabel(`Name of E2E new line ${tag}`)).toHaveValue(`E2E new line ${tag}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('columnheader', { name: new RegExp(`E2E new line ${tag}`) })).toBeVisible();

      // An employee who clocked in today, put on the line for the day.
      const emp = await (await request.post('/api/employees', { headers, data: { first_name: 'Eddie', last_name: `E2E${tag}`, pin: '4826' } })).json();
      const pin = await (await request.post('/api/employees/validate-pin', { data: { employee_id: emp.employee_id, pin: '4826' } })).json();
      expect((await request.post('/api/employees/clockin', { data: { employee_id: emp.employee_id, clock_token: pin.clock_token } })).ok()).toBeTruthy();
      await page.reload();
      const crew = page.getByTestId('crew');
      await crew.getByLabel(`Line of Eddie E2E${tag}`).click();
      await page.getByRole('option', { name: `E2E line ${tag}`, exact: true }).click();
      await expect
        .poll(async () => {
          const c = await (await request.get(`/api/production/crew?date=${today}`, { headers })).json();
          return c.crew.find((m: { employee_id: number }) => m.employee_id === emp.employee_id)?.line_id;
        })
        .toBe(s.line.id);
      const again = await request.post('/api/employees/validate-pin', { data: { employee_id: emp.employee_id, pin: '4826' } });
      await request.post('/api/employees/clockout', { data: { employee_id: emp.employee_id, clock_token: (await again.json()).clock_token } });

      // The working day is a setting: 5 AM to 9 PM shows those hours on the grid (on a day
      // a week ahead, which has no entries: the demo's night shifts fill today's early hours).
      const later = orgDay(7);
      await page.goto(`/production/production-hourly?date=${later}`);
      await expect(page.getByTestId(`cell-6-${s.line.id}`)).toBeVisible();
      await expect(page.getByTestId(`cell-5-${s.line.id}`)).toHaveCount(0);
      await page.goto('/settings');
      await page.getByLabel(/^Day starts at/).fill('5');
      await page.getByLabel(/^Day ends at/).fill('21');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Settings saved.')).toBeVisible();
      await page.goto(`/production/production-hourly?date=${later}`);
      await expect(page.getByTestId(`cell-5-${s.line.id}`)).toBeVisible();
      await expect(page.getByTestId(`cell-20-${s.line.id}`)).toBeVisible();
      await expect(page.getByTestId(`cell-4-${s.line.id}`)).toHaveCount(0);
    } finally {
      await request.patch('/api/settings', { headers, data: { day_start_hour: original.day_start_hour, day_end_hour: original.day_end_hour } });
    }
  });
});

test('production: an hour that has not begun takes no entry: greyed out in the grid, refused with the translated reason by the API', async ({ page, request }) => {
  const tag = Date.now().toString(36).toUpperCase();
  const s = await setUp(request, tag);
  const tomorrow = orgDay(1);
  await page.goto(`/production/production-hourly?date=${tomorrow}`);
  // Tomorrow's hours offer no "+ Add": nothing opens.
  const cell = page.getByTestId(`cell-9-${s.line.id}`);
  await expect(cell).toHaveAttribute('aria-label', /not yet/);
  await expect(cell.getByRole('button')).toHaveCount(0);
  await cell.click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The API says the same, in the reader's language, and nothing was written.
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const res = await request.post('/api/production/entries', { headers, data: { date: tomorrow, hour: 9, line_id: s.line.id, product_id: s.kit.id, units: 4 } });
  expect(res.status()).toBe(409);
  expect((await res.json()).code).toBe('production.hour_not_yet');
  const daily = await (await request.get(`/api/production/daily?date=${tomorrow}`, { headers })).json();
  expect(daily.entries.filter((e: { line_id: number }) => e.line_id === s.line.id)).toHaveLength(0);
});
