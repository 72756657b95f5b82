import { apiWriter, expect, orgDay, screenshotPath, test } from './fixtures';

/**
 * Add a client, add a project for it, make units for it on the
 * hourly production page and ship some on the shipping log, and watch its progress rise;
 * find it among the cards and in the table.
 */

/** The day the kits are made: yesterday in the organisation's zone, so 9 AM has passed whenever the test runs. */
const day = orgDay(-1);

test('projects: a client, a project, production and a shipment for it, progress rising', async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36).toUpperCase();
  const post = await apiWriter(request);
  // A kit with a recipe, its component in stock, and a line to pack it on.
  const rice = await post('/api/inventory/items', { sku: `PR-${tag}`, name: `Project rice ${tag}`, kind: 'raw_material', unit: 'kg' });
  const kit = await post('/api/inventory/items', { sku: `PK-${tag}`, name: `Project kit ${tag}`, kind: 'finished_good', unit: 'kit' });
  await post(`/api/inventory/items/${rice.id}/batches`, { code: `PRB-${tag}`, quantity: 50, expires_at: '2099-01-01' });
  await post(`/api/inventory/items/${kit.id}/recipe`, { components: [{ item_id: rice.id, quantity: 0.5 }] }, 'put');
  const line = await post('/api/production/lines', { name: `Project line ${tag}` });

  // A client, from the admin's client list under Payments.
  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await page.getByRole('link', { name: 'Clients' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await page.getByRole('button', { name: 'New client' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Name/).fill(`Harbour Pantry ${tag}`);
  await dialog.getByLabel('Email').fill('orders@harbour.example');
  await dialog.getByLabel('Address').fill('1 Quay Street');
  await dialog.getByLabel('City').fill('Portsmouth');
  await dialog.getByLabel('Country').fill('United Kingdom');
  await dialog.getByRole('button', { name: 'Save client' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(`Harbour Pantry ${tag}`) })).toContainText('Portsmouth');

  // A project for it: 20 kits, due in a month.
  await page.goto('/projects');
  await page.getByRole('button', { name: 'New project' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Name/).fill(`Harbour kits ${tag}`);
  await dialog.getByRole('combobox', { name: /^Partner/ }).click();
  await page.getByRole('option', { name: `Harbour Pantry ${tag}` }).click();
  await dialog.getByRole('combobox', { name: /^Product/ }).click();
  await page.getByRole('option', { name: `Project kit ${tag} (PK-${tag})` }).click();
  await dialog.getByLabel(/^Target units/).fill('20');
  const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel(/^Due date/).fill(due);
  // Typed like any field; Tab moves on and closes its calendar.
  await dialog.getByLabel(/^Due date/).press('Tab');
  await dialog.getByRole('button', { name: 'Save project' }).click();
  await expect(page).toHaveURL(/\/projects\/\d+$/);
  const projectURL = page.url();
  await expect(page.getByRole('heading', { level: 1, name: `Harbour kits ${tag}` })).toBeVisible();
  const progress = page.getByLabel('Progress', { exact: true });
  await expect(progress).toContainText('0 of 20 kit (0%)');

  // Make 10 kits for it at 9 AM.
  await page.goto(`/production/production-hourly?date=${day}`);
  await page.getByTestId(`cell-9-${line.id}`).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Product' }).click();
  await page.getByRole('option', { name: `Project kit ${tag} (PK-${tag})` }).click();
  await dialog.getByLabel('Units made this hour').fill('10');
  await dialog.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: `Harbour kits ${tag}` }).click();
  await dialog.getByRole('button', { name: 'Save entry' }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();

  await page.goto(projectURL);
  await expect(progress).toContainText('10 of 20 kit (50%)');
  await expect(page.getByRole('table', { name: 'Production for this project' })).toContainText(`Project line ${tag}`);

  // Ship 4 of them for it.
  const finished = `PK-${tag}-${day.replaceAll('-', '')}-L${line.id}`;
  await page.goto('/shipping-log');
  await page.getByRole('button', { name: 'New shipment' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Destination', exact: true }).fill(`Harbour Pantry ${tag}`);
  await dialog.getByLabel('Add a batch (first expiring first)').fill(finished);
  await page.getByRole('option', { name: new RegExp(finished) }).click();
  await dialog.getByLabel(new RegExp(`Quantity of .*${finished}`)).fill('4');
  await dialog.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: `Harbour kits ${tag}` }).click();
  await dialog.getByRole('button', { name: 'Save shipment' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(`Harbour kits ${tag}`) });
  await expect(row).toContainText('Planned');

  // Planned does not count yet; shipped does.
  await page.goto(projectURL);
  await expect(progress).toContainText('0 of 20 kit (0%)');
  await page.goto('/shipping-log');
  const number = (await row.locator('td').first().innerText()).trim();
  await row.getByRole('button', { name: `Actions for ${number}` }).click();
  await page.getByRole('menuitem', { name: 'Mark shipped' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark shipped' }).click();
  await expect(row).toContainText('Shipped');

  await page.goto(projectURL);
  await expect(progress).toContainText('10 of 20 kit (50%)');
  await expect(progress).toContainText('4 of 20 kit (20%)');
  await expect(page.getByRole('table', { name: 'Shipments for this project' })).toContainText(number);
  await expect(page.getByText('No invoices for this project yet.')).toBeVisible(); // billing is the admin's
  await page.screenshot({ path: screenshotPath(testInfo, 'projects-project-page.png'), fullPage: true });

  // Among the cards and in the table, found by the client's name.
  await page.goto('/projects');
  await page.getByLabel('Search by project or client').fill(`Harbour Pantry ${tag}`);
  const card = page.getByRole('article', { name: `Harbour kits ${tag}` });
  await expect(card).toContainText('10 of 20 kit (50%)');
  await page.getByText('Table', { exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(`Harbour kits ${tag}`) })).toContainText('10 / 20 made, 4 shipped');
});
