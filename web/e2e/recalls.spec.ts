import AxeBuilder from '@axe-core/playwright';
import { apiWriter, expect, test } from './fixtures';

/**
 * The recall: a raw batch went into pouches, pouches into cases, and cases to a
 * partner. Starting a recall on the raw batch lists that partner, and shipping a case made
 * from it is refused, naming the recall.
 */
// A recall notifies every user (see the 'notifications' lock in fixtures.ts).
test.use({ exclusive: ['notifications'] });

test('a recall from a raw batch lists the partner and holds the batches made from it', async ({ page, request }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const post = await apiWriter(request);
  const newItem = (sku: string, kind: string, unit: string) =>
    post('/api/inventory/items', { sku, name: `Recall ${sku}`, kind, unit, category: '', location: '', reorder_level: 0, notes: '' });

  const rice = await newItem(`RRICE-${stamp}`, 'raw_material', 'kg');
  const pouch = await newItem(`RPOUCH-${stamp}`, 'finished_good', 'pouch');
  const kase = await newItem(`RCASE-${stamp}`, 'finished_good', 'case');
  const riceBatch = (await post<{ id: number }>(`/api/inventory/items/${rice.id}/batches`, { quantity: 100 })).id;
  await post(`/api/inventory/items/${pouch.id}/recipe`, { components: [{ item_id: rice.id, quantity: 0.5 }] }, 'put');
  await post(`/api/inventory/items/${kase.id}/recipe`, { components: [{ item_id: pouch.id, quantity: 4 }] }, 'put');
  const line = await post('/api/production/lines', { name: `Recall line ${stamp}` });
  const made = (product: number, units: number) =>
    post<{ produced_batch_id: number }>('/api/production/entries', { date: '2026-11-20', hour: 9, line_id: line.id, product_id: product, units });
  await made(pouch.id, 40);
  const cases = (await made(kase.id, 6)).produced_batch_id;
  const partner = `Recall Pantry ${stamp}`;
  const delivered = await post('/api/shipments', {
    ship_date: '2026-11-21',
    destination: { name: partner, address: '12 Harbour Road', contact: 'Robin 0300 123' },
    lines: [{ batch_id: cases, quantity: 2 }],
  });
  await post(`/api/shipments/${delivered.id}/ship`, {});
  const planned = await post<{ id: number; number: string }>('/api/shipments', {
    ship_date: '2026-11-25',
    destination: { name: `Later Pantry ${stamp}` },
    lines: [{ batch_id: cases, quantity: 1 }],
  });

  // The raw batch's trace reaches the partner through two levels of production.
  await page.goto(`/inventory/batches/${riceBatch}`);
  const tree = page.getByRole('tree', { name: 'Where it went' });
  await expect(tree.getByRole('link', { name: partner })).toBeVisible();

  // Start the recall: its page lists the partner with the cases it received.
  await page.getByRole('button', { name: 'Start a recall' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Supplier recall: moisture in lot');
  await dialog.getByRole('button', { name: 'Start the recall' }).click();
  await expect(page).toHaveURL(/\/inventory\/recalls\/\d+$/);
  const list = page.getByRole('table', { name: /partner/ });
  await expect(list).toContainText(partner);
  await expect(list).toContainText('Robin 0300 123');
  await expect(list.getByTestId('recall-line')).toContainText('2 case');
  const number = (await page.getByRole('heading', { level: 1 }).textContent())?.match(/RCL-\d+/)?.[0] ?? '';
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  expect(number).toMatch(/^RCL-\d+$/);

  // The recalls page lists it as open.
  await page.getByRole('link', { name: 'Recalls' }).click();
  await expect(page.getByRole('link', { name: number })).toBeVisible();

  // Shipping a case made from the recalled rice is refused, naming the recall.
  await page.goto(`/shipping-log?search=${planned.number}`);
  const row = page.getByRole('row', { name: new RegExp(planned.number) });
  await row.getByRole('button', { name: `Actions for ${planned.number}` }).click();
  await page.getByRole('menuitem', { name: 'Mark shipped' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark shipped' }).click();
  await expect(page.getByText(new RegExp(`held by recall ${number}`))).toBeVisible();
  await expect(row).toContainText('Planned');
});
