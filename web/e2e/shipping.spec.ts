import { expect, apiToken, screenshotPath, test } from './fixtures';

/**
 * Plan a shipment from two batches, ship it and see stock fall, print its
 * packing slip, find it by a batch code, cancel it and see the stock return.
 */
test('shipping log flow', async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const token = await apiToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const items = await (await request.get('/api/inventory/items?search=Long-grain', { headers })).json();
  const item = items.items[0];
  const stamp = Date.now().toString(36).toUpperCase();
  const codes = [`SHIP-A-${stamp}`, `SHIP-B-${stamp}`];
  const batches: { id: number }[] = [];
  for (const [i, code] of codes.entries()) {
    const res = await request.post(`/api/inventory/items/${item.id}/batches`, {
      headers,
      data: { code, quantity: 30 - 10 * i, expires_at: `2031-0${i + 1}-01` },
    });
    expect(res.status()).toBe(201);
    batches.push(await res.json());
  }
  const onHand = async (id: number) => (await (await request.get(`/api/inventory/batches/${id}`, { headers })).json()).on_hand as number;

  await page.goto('/shipping-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping log' })).toBeVisible();

  // Plan it: a destination and two batches picked in the line editor.
  await page.getByRole('button', { name: 'New shipment' }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('combobox', { name: 'Destination', exact: true }).fill('Harbour Foods Co-op');
  await form.getByLabel('Address').fill('1 Quay Street\nPortsmouth');
  await form.getByLabel('Carrier').fill('Gulf Freight');
  await form.getByLabel('Tracking / BOL number').fill(`BOL-${stamp}`);
  await form.getByLabel('Pallets').fill('2');
  await form.getByLabel('Weight (kg)').fill('40');
  for (const [i, code] of codes.entries()) {
    await form.getByLabel('Add a batch (first expiring first)').fill(code);
    await page.getByRole('option', { name: new RegExp(code) }).click();
    await form.getByLabel(new RegExp(`Quantity of .*${code}`)).fill(String(10 - 5 * i));
  }
  await form.getByRole('button', { name: 'Save shipment' }).click();
  await expect(form).toBeHidden();

  const list = await (await request.get(`/api/shipments?search=${codes[0]}`, { headers })).json();
  const number: string = list.shipments[0].number;
  expect(number).toMatch(/^SHP-\d{4}-\d{4}$/);
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText('Planned');

  // Ship it, with confirmation: stock falls on both batches.
  await row.getByRole('button', { name: `Actions for ${number}` }).click();
  await page.getByRole('menuitem', { name: 'Mark shipped' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark shipped' }).click();
  await expect(row).toContainText('Shipped');
  expect(await onHand(batches[0].id)).toBe(20);
  expect(await onHand(batches[1].id)).toBe(15);
  await page.goto(`/inventory/batches/${batches[0].id}`);
  await expect(page.getByTestId('batch-on-hand')).toHaveText('20 kg');
  await expect(page.getByRole('table', { name: 'Shipments that carried this batch' })).toContainText(number);

  // Find it by a batch code and print its packing slip.
  await page.goto('/shipping-log');
  await page.getByLabel('Search').fill(codes[1]);
  await expect(page.getByRole('row', { name: new RegExp(number) })).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${number}` }).click();
  await page.getByRole('menuitem', { name: 'Packing slip' }).click();
  const slip = page.getByTestId('packing-slip');
  await expect(slip).toContainText(codes[0]);
  await expect(slip).toContainText('Harbour Foods Co-op');
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: screenshotPath(testInfo, 'shipping-packing-slip.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page.keyboard.press('Escape');

  // Cancel it with a reason: the stock comes back.
  await page.getByRole('button', { name: `Actions for ${number}` }).click();
  await page.getByRole('menuitem', { name: 'Cancel shipment' }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByLabel('Reason for cancelling').fill('Customer postponed');
  await confirm.getByRole('button', { name: 'Cancel shipment' }).click();
  await expect(page.getByRole('row', { name: new RegExp(number) })).toContainText('Cancelled');
  expect(await onHand(batches[0].id)).toBe(30);
  expect(await onHand(batches[1].id)).toBe(20);
});
