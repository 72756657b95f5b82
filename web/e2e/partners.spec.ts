import { apiToken, apiWriter, expect, test } from './fixtures';

/**
 * The partner directory: add a partner, find it, pick it on a new shipment (its address and
 * contact filled, the shipment naming it), then archive it after confirming: the shipment
 * keeps it, the shipment form no longer offers it.
 */
test('partners: add, pick on a shipment, archive', async ({ page, request }) => {
  test.setTimeout(240_000);
  const write = await apiWriter(request);
  const headers = { Authorization: `Bearer ${await apiToken()}` };
  const tag = Date.now().toString(36).toUpperCase();
  const name = `Harbour Shelter ${tag}`;
  const items = await (await request.get('/api/inventory/items?search=Long-grain', { headers })).json();
  await write(`/api/inventory/items/${items.items[0].id}/batches`, { code: `PTN-${tag}`, quantity: 20, expires_at: '2031-01-01' });

  await page.goto('/partners');
  await expect(page.getByRole('heading', { level: 1, name: 'Partners' })).toBeVisible();
  await page.getByRole('button', { name: 'New partner' }).click();
  let dialog = page.getByRole('dialog', { name: 'New partner' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Address').fill('3 Pier Road\nPortsmouth');
  await dialog.getByLabel('Contact').fill('Ines, 555-0101');
  await dialog.getByRole('button', { name: 'Save partner' }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Search by name, address or contact').fill(`pier road`);
  const table = page.getByRole('table', { name: 'Partners' });
  await expect(table.getByRole('button', { name: `Edit ${name}` })).toBeVisible();

  // Picked on a shipment: the address and contact come with it.
  await page.goto('/shipping-log');
  await page.getByRole('button', { name: 'New shipment' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Destination', exact: true }).fill(`shelter ${tag.toLowerCase()}`);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await expect(dialog.getByLabel('Address')).toHaveValue('3 Pier Road\nPortsmouth');
  await expect(dialog.getByLabel('Contact')).toHaveValue('Ines, 555-0101');
  await dialog.getByLabel('Add a batch (first expiring first)').fill(`PTN-${tag}`);
  await page.getByRole('option', { name: new RegExp(`PTN-${tag}`) }).click();
  await dialog.getByLabel(new RegExp(`Quantity of .*PTN-${tag}`)).fill('5');
  await dialog.getByRole('button', { name: 'Save shipment' }).click();
  await expect(dialog).toBeHidden();
  const shipments = await (await request.get(`/api/shipments?search=PTN-${tag}`, { headers })).json();
  expect(shipments.shipments).toHaveLength(1);
  expect(shipments.shipments[0].destination.name).toBe(name);
  const partnerId: number = shipments.shipments[0].partner_id;
  expect(partnerId).toBeGreaterThan(0);

  // Archived after confirming: gone from the list and the picker, kept by the shipment.
  await page.goto('/partners');
  await page.getByLabel('Search by name, address or contact').fill(tag);
  await table.getByRole('button', { name: `Archive ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Archive ${name}?` });
  await confirm.getByRole('button', { name: 'Archive' }).click();
  await expect(confirm).toBeHidden();
  await expect(table.getByRole('button', { name: `Edit ${name}` })).toBeHidden();
  await page.getByLabel('Show archived').check();
  await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('Archived');

  await page.goto('/shipping-log');
  await page.getByRole('button', { name: 'New shipment' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Destination', exact: true }).fill(`Shelter ${tag}`);
  await expect(dialog.getByRole('checkbox', { name: 'Save as partner' })).toBeVisible();
  await expect(page.getByRole('option', { name: new RegExp(name) })).toHaveCount(0);
  const again = await (await request.get(`/api/shipments/${shipments.shipments[0].id}`, { headers })).json();
  expect(again.partner_id).toBe(partnerId);
});
