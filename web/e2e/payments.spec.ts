import { expect, apiToken, orgDay, screenshotPath, test } from './fixtures';

/**
 * A client, a plan and a project; produce and ship for it; draft an
 * invoice from the project's output at the plan's rate, send it, record a payment, print it.
 */
test('invoice from a project: draft, send, pay, print', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const token = await apiToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const stamp = Date.now().toString(36).toUpperCase();
  const post = async (path: string, data: object, status = 201) => {
    const res = await request.post(path, { headers, data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(status);
    return res.json();
  };

  const client = await post('/api/clients', {
    name: `Lakeside Foods ${stamp}`,
    email: 'ap@lakeside.example',
    address: '9 Harbor Road',
    city: 'Milwaukee',
    country: 'United States',
  });
  const plan = await post('/api/pricing-plans', { name: `Co-packing ${stamp}`, unit: 'meal', unit_price_minor: 45, period: 'per_unit' });
  const products = await (await request.get('/api/production/products', { headers })).json();
  const product = products.products[0];
  const lines = await (await request.get('/api/production/lines', { headers })).json();
  const today = orgDay();
  const project = await post('/api/projects', {
    name: `Lakeside meals ${stamp}`,
    client_id: client.id,
    product_id: product.id,
    target_units: 500,
    start_date: today,
    due_date: today,
    status: 'in_progress',
  });
  // The demo's production runs up to the current hour and uses its stock: top up every
  // component so that this entry never depends on the time of day.
  const recipe = await (await request.get(`/api/inventory/items/${product.id}/recipe`, { headers })).json();
  for (const c of recipe.components as { item_id: number }[]) {
    await post(`/api/inventory/items/${c.item_id}/batches`, { quantity: 1000 });
  }
  const entry = await post('/api/production/entries', {
    date: today,
    hour: 0, // an hour that has begun whenever the test runs
    line_id: lines.lines[0].id,
    product_id: product.id,
    units: 40,
    project_id: project.id,
  });
  const shipment = await post('/api/shipments', {
    ship_date: today,
    destination: { name: client.name, address: '9 Harbor Road' },
    lines: [{ batch_id: entry.produced_batch_id, quantity: 30 }],
    project_id: project.id,
  });
  await post(`/api/shipments/${shipment.id}/ship`, {}, 200);

  await page.goto('/payments/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await page.getByRole('button', { name: 'New invoice' }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('combobox', { name: 'Client' }).fill(client.name);
  await page.getByRole('option', { name: client.name }).click();
  await form.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: project.name }).click();
  await form.getByRole('combobox', { name: 'Pricing plan' }).click();
  await page.getByRole('option', { name: new RegExp(plan.name) }).click();
  await form.getByText('Shipped: 30').click();
  await form.getByRole('button', { name: 'Add line from project' }).click();
  // 30 meals shipped × 0.45 = 13.50, and 10 % tax = 1.35.
  await form.getByLabel('Tax rate (%)').fill('10');
  await expect(form.getByTestId('invoice-preview')).toContainText('$14.85');
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/payments\/billing\/\d+$/);
  const doc = page.getByTestId('invoice-document');
  await expect(doc).toContainText(client.name);
  await expect(doc).toContainText('units shipped');
  await expect(page.getByTestId('invoice-total')).toHaveText('US$14.85'); // en-GB names the dollar

  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
  await expect(doc).toContainText(/INV-\d{4}-\d{4}/);

  await page.getByRole('button', { name: 'Record payment' }).click();
  const pay = page.getByRole('dialog');
  await pay.getByLabel(/Amount/).fill('10');
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay).toBeHidden();
  await expect(doc).toContainText('$4.85');
  await expect(page.getByText('Sent', { exact: true })).toBeVisible();

  // Printed: the invoice alone, with the primary method's bank details.
  await page.emulateMedia({ media: 'print' });
  await expect(doc).toContainText('How to pay');
  await page.screenshot({ path: screenshotPath(testInfo, 'invoice-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // The rest paid: the invoice is paid, and the list shows it.
  await page.getByRole('button', { name: 'Record payment' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  // Paid: nothing more to record, nothing owed. (The document's "Paid" line was there since the first payment.)
  await expect(page.getByRole('button', { name: 'Record payment' })).toBeHidden();
  await expect(page.getByText('Sent', { exact: true })).toBeHidden();
  // The document says PAID and no longer asks for payment.
  await expect(page.getByTestId('invoice-paid')).toHaveText('PAID');
  await expect(doc).not.toContainText('How to pay');
  await page.goto('/payments/billing');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Paid', exact: true }).click();
  await page.getByLabel('Search number or client').fill(client.name);
  await expect(page.getByRole('row', { name: new RegExp(client.name) })).toContainText('Paid');
});
