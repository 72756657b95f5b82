import { apiWriter, expect, test } from './fixtures';

/**
 * A move that belongs to a shipment or a production entry is undone only through its
 * owner: the batch page offers no Undo for it and links to the owner instead, while a
 * manual adjustment keeps its Undo (the ledger and its owners).
 */
test('the batch page links owned moves to their owner and offers Undo only for the others', async ({ page, request }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const post = await apiWriter(request);
  const newItem = (sku: string, kind: string, unit: string) =>
    post('/api/inventory/items', { sku, name: `Owned ${sku}`, kind, unit, category: '', location: '', reorder_level: 0, notes: '' });

  // A component used by a production entry, and the meals the entry makes.
  const oats = await newItem(`OAT-${stamp}`, 'raw_material', 'kg');
  const meal = await newItem(`OML-${stamp}`, 'finished_good', 'bag');
  const oatBatch = (await post(`/api/inventory/items/${oats.id}/batches`, { quantity: 100 })).id;
  await post(`/api/inventory/items/${meal.id}/recipe`, { components: [{ item_id: oats.id, quantity: 0.5 }] }, 'put');
  const line = await post('/api/production/lines', { name: `Owned line ${stamp}` });
  const date = '2026-11-20';
  const entry = await post<{ produced_batch_id: number }>('/api/production/entries', {
    date,
    hour: 9,
    line_id: line.id,
    product_id: meal.id,
    units: 10,
    project_id: null,
  });
  // A shipment of some of those meals, shipped.
  const planned = await post('/api/shipments', {
    ship_date: date,
    destination: { name: `Owned food bank ${stamp}` },
    lines: [{ batch_id: entry.produced_batch_id, quantity: 4 }],
  });
  const shipped = await post<{ number: string }>(`/api/shipments/${planned.id}/ship`, {});
  // A manual adjustment of the oats: a move of its own.
  await post('/api/inventory/moves', { batch_id: oatBatch, reason: 'adjust', quantity: 2, note: 'Found a sack' });


  // The meals' batch: the produce move links to the entry's day, the ship move to the shipment.
  await page.goto(`/inventory/batches/${entry.produced_batch_id}`);
  const history = page.getByRole('table', { name: 'History of moves' });
  const shipRow = history.getByRole('row').filter({ has: page.getByText('Shipped', { exact: true }) });
  await expect(shipRow.getByTestId('move-owner')).toHaveText(`Shipment ${shipped.number}`);
  await expect(shipRow.getByRole('button', { name: /Undo/ })).toHaveCount(0);
  const produceRow = history.getByRole('row').filter({ has: page.getByText('Produced', { exact: true }) });
  await expect(produceRow.getByTestId('move-owner')).toContainText('Production entry of');
  await expect(produceRow.getByRole('button', { name: /Undo/ })).toHaveCount(0);
  await expect(history.getByRole('button', { name: /Undo/ })).toHaveCount(0);

  // The ship move's link opens the shipping log at that shipment.
  await shipRow.getByTestId('move-owner').click();
  await expect(page).toHaveURL(new RegExp(`/shipping-log\\?search=${shipped.number}`));

  // The oats' batch: the consume move links to the production day; the adjustment keeps its Undo.
  await page.goto(`/inventory/batches/${oatBatch}`);
  const consumeRow = history.getByRole('row').filter({ has: page.getByText('Used', { exact: true }) });
  await expect(consumeRow.getByRole('button', { name: /Undo/ })).toHaveCount(0);
  const adjustRow = history.getByRole('row').filter({ has: page.getByText('Adjusted', { exact: true }) });
  await expect(adjustRow.getByRole('button', { name: /Undo/ })).toBeVisible();
  await expect(adjustRow.getByTestId('move-owner')).toHaveCount(0);
  await consumeRow.getByTestId('move-owner').click();
  await expect(page).toHaveURL(new RegExp(`/production/production-daily\\?date=${date}&line=${line.id}`));
});
