import { apiToken, expect, test } from './fixtures';

/**
 * Archiving an item asks first, hides it from the list, and is undone by restoring it;
 * an item with stock on hand cannot be archived and says why.
 */
test('archive and restore an item through the confirmation', async ({ page, request }) => {
  const token = await apiToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Archive me ${stamp}`;
  const created = await request.post('/api/inventory/items', {
    headers,
    data: { sku: `ARC-${stamp}`, name, kind: 'packaging', unit: 'each', category: '', location: '', reorder_level: 0, notes: '' },
  });
  expect(created.status()).toBe(201);
  const stocked = `Stocked ${stamp}`;
  const item = await request.post('/api/inventory/items', {
    headers,
    data: { sku: `STK-${stamp}`, name: stocked, kind: 'packaging', unit: 'each', category: '', location: '', reorder_level: 0, notes: '' },
  });
  expect(item.status()).toBe(201);
  const { id } = (await item.json()) as { id: number };
  const received = await request.post(`/api/inventory/items/${id}/batches`, { headers, data: { quantity: 3 } });
  expect(received.ok(), await received.text()).toBeTruthy();

  await page.goto(`/inventory?search=${encodeURIComponent(stamp)}`);
  const archiveButton = page.getByRole('button', { name: `Archive ${name}` });
  await expect(archiveButton).toBeVisible();

  // Cancel leaves it alone.
  await archiveButton.click();
  let dialog = page.getByRole('dialog', { name: `Archive ${name}?` });
  await expect(dialog).toContainText('Only an item with nothing on hand can be archived.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(archiveButton).toBeVisible();

  // Confirm archives it: gone from the list, a toast says so.
  await archiveButton.click();
  dialog = page.getByRole('dialog', { name: `Archive ${name}?` });
  await dialog.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(page.getByText(`${name} archived.`)).toBeVisible();
  await expect(archiveButton).toBeHidden();

  // An item with stock on hand is refused with the reason, and stays.
  await page.getByRole('button', { name: `Archive ${stocked}` }).click();
  dialog = page.getByRole('dialog', { name: `Archive ${stocked}?` });
  await dialog.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: /on hand/i }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: `Archive ${stocked}` })).toBeVisible();

  // Restored from the archived list, it shows again.
  await page.goto(`/inventory?archived=true&search=${encodeURIComponent(stamp)}`);
  await page.getByRole('button', { name: `Restore ${name}` }).click();
  dialog = page.getByRole('dialog', { name: `Restore ${name}?` });
  await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(page.getByText(`${name} restored.`)).toBeVisible();
  await page.goto(`/inventory?search=${encodeURIComponent(stamp)}`);
  await expect(page.getByRole('button', { name: `Archive ${name}` })).toBeVisible();
});
