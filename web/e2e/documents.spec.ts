import { apiToken, expect, test } from './fixtures';

/**
 * Upload two files at once with their progress, a wrong type refused with
 * SPEC §8's message, preview, download, delete ('File deleted') and restore from the
 * trash — against the real binary.
 */

/** A one-page PDF, padded so that a throttled upload takes a moment. */
function pdf(title: string, padding = 0): Buffer {
  const body = `BT /F1 18 Tf 72 720 Td (${title}) Tj ET`;
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${body.length} >>\nstream\n${body}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.concat([Buffer.from(out), Buffer.alloc(padding, 0x20)]);
}

test('documents: upload with progress, refuse a wrong type, preview, download, delete and restore', async ({ page }) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const first = `E2E certificate ${run}.pdf`;
  const second = `E2E bill of lading ${run}.csv`;
  await page.goto('/docs');
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();

  // Throttle uploads so the progress of each file can be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 512 * 1024 });

  const input = page.locator('input[type="file"]').first();
  await input.setInputFiles([
    { name: first, mimeType: 'application/pdf', buffer: pdf('Certificate of analysis', 1_500_000) },
    { name: second, mimeType: 'text/csv', buffer: Buffer.from(`line,qty\n1,20\n${'2,30\n'.repeat(200_000)}`) },
  ]);
  const uploads = page.getByRole('list', { name: 'Uploads' });
  for (const name of [first, second]) {
    await expect(uploads.getByRole('progressbar', { name: `Upload progress of ${name}` })).toBeVisible();
  }
  // Part way: some percentage short of done is shown for a file.
  await expect(uploads.getByText(/Uploading… ([1-9]|[1-9]\d)% of/).first()).toBeVisible();
  await expect(uploads.getByRole('listitem', { name: first }).getByText('Uploaded')).toBeVisible({ timeout: 30_000 });
  await expect(uploads.getByRole('listitem', { name: second }).getByText('Uploaded')).toBeVisible({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // The table lists both, newest first.
  const table = page.getByRole('table', { name: 'Documents' });
  await expect(table.getByText(first)).toBeVisible();
  await expect(table.getByText(second)).toBeVisible();

  // A file that is not what its name says is refused with SPEC §8's words.
  await input.setInputFiles({ name: `invoice ${run}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('MZ\x90\x00 this is a program') });
  await expect(uploads.getByRole('listitem', { name: `invoice ${run}.pdf` }).getByRole('alert')).toHaveText('File type is incorrect');
  await expect(table.getByText(`invoice ${run}.pdf`)).toHaveCount(0);

  // Preview in place.
  await page.getByRole('button', { name: `Preview ${first}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator(`iframe[title="Preview of ${first}"]`)).toBeVisible();
  expect(await dialog.locator('iframe').getAttribute('src')).toMatch(/^blob:/);

  // Download from the preview: the original name and the same bytes.
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe(first);
  const saved = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of saved) chunks.push(c as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 8).toString()).toBe('%PDF-1.4');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Delete with confirmation.
  await page.getByRole('button', { name: `Delete ${second}` }).click();
  await expect(page.getByRole('dialog', { name: 'Delete this file?' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('File deleted')).toBeVisible();
  await expect(table.getByText(second)).toHaveCount(0);

  // The user is an admin: the trash lists it, and it comes back.
  await page.getByText('Trash', { exact: true }).click();
  const trash = page.getByRole('table', { name: 'Deleted documents' });
  await expect(trash.getByText(second)).toBeVisible();
  await trash.getByRole('button', { name: `Restore ${second}` }).click();
  await expect(page.getByText(`${second} restored.`)).toBeVisible();
  await expect(trash.getByText(second)).toHaveCount(0);
  await page.getByText('Documents', { exact: true }).first().click();
  await expect(page.getByRole('table', { name: 'Documents' }).getByText(second)).toBeVisible();
});

test('documents: the batch page lists its linked documents and uploads linked ones', async ({ page, request }) => {
  const token = await apiToken(request);
  const list = await (await request.get('/api/documents?link_kind=batch&type=certificate_of_analysis', { headers: { Authorization: `Bearer ${token}` } })).json();
  const coa = list.documents[0];
  expect(coa, 'the demo links a certificate of analysis to a batch').toBeTruthy();
  await page.goto(`/inventory/batches/${coa.link_id}`);
  const panel = page.getByRole('region', { name: 'Documents' });
  await expect(panel.getByText(coa.name)).toBeVisible();
  const name = `E2E linked ${Date.now().toString(36)}.txt`;
  await panel.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from('seen on the floor\n') });
  await expect(panel.getByText(name)).toBeVisible();
});

test.describe(() => {
  // The upload limit is an organisation setting, saved with the whole settings form.
  test.use({ exclusive: ['org-settings'] });

  test('documents: the upload limit on Settings; shipments and production entries list and upload their documents; the list names the links', async ({ page, request }) => {
    // A long flow (settings, two uploads, three pages): on a loaded machine it needs more than a minute.
    test.setTimeout(180_000);
    const token = await apiToken(request);
    const headers = { Authorization: `Bearer ${token}` };
    const run = Date.now().toString(36);

    // Settings: the largest upload, saved and shown again after a reload.
    await page.goto('/settings');
    const limit = page.getByTestId('max-upload-mib');
    await expect(limit).toHaveValue('50', { timeout: 30_000 });
    await limit.fill('60');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('max-upload-mib')).toHaveValue('60');
    expect((await (await request.get('/api/settings', { headers })).json()).max_upload_mib).toBe(60);
    await request.patch('/api/settings', { headers, data: { max_upload_mib: 50 } });

    // A shipment's documents, from the shipping log.
    const shipments = await (await request.get('/api/shipments?page_size=1', { headers })).json();
    const sh = shipments.shipments[0];
    expect(sh, 'the demo has shipments').toBeTruthy();
    await page.goto('/shipping-log');
    await page.getByRole('button', { name: `Actions for ${sh.number}` }).click();
    await page.getByRole('menuitem', { name: 'Documents' }).click();
    const dialog = page.getByRole('dialog', { name: `Documents of ${sh.number}` });
    const shipDoc = `E2E bill of lading ${run}.txt`;
    await dialog.locator('input[type="file"]').setInputFiles({ name: shipDoc, mimeType: 'text/plain', buffer: Buffer.from('signed at the dock\n') });
    await expect(dialog.getByText(shipDoc)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // A production entry's documents, on the daily page.
    let day = '';
    let entryId = 0;
    for (let back = 0; back < 14 && !entryId; back++) {
      const d = new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
      const daily = await (await request.get(`/api/production/daily?date=${d}`, { headers })).json();
      if (daily.entries?.length) {
        day = d;
        entryId = daily.entries[0].id;
      }
    }
    expect(entryId, 'the demo has production entries in the last two weeks').toBeGreaterThan(0);
    await page.goto(`/production/production-daily?date=${day}`);
    await page.getByTestId(`entry-docs-${entryId}`).click();
    const panel = page.getByTestId(`entry-${entryId}`).getByRole('region', { name: 'Documents' });
    const prodDoc = `E2E line sheet ${run}.txt`;
    await panel.locator('input[type="file"]').setInputFiles({ name: prodDoc, mimeType: 'text/plain', buffer: Buffer.from('line checks done\n') });
    await expect(panel.getByText(prodDoc)).toBeVisible();

    // The documents list names what each is linked to.
    await page.goto(`/docs`);
    await page.getByLabel('Search', { exact: true }).fill(run);
    const table = page.getByRole('table', { name: 'Documents' });
    await expect(table.getByRole('row', { name: new RegExp(shipDoc) }).getByTestId('doc-link')).toHaveText(`Shipment ${sh.number}`);
    await expect(table.getByRole('row', { name: new RegExp(prodDoc) }).getByTestId('doc-link')).toHaveText(/^Production: .+ · \d{4}-\d{2}-\d{2}$/);

    // Each label leads to its place: the production entry's day (its line picked out), the shipment in the log.
    // (Wait for the search to reach the address first: a debounced search still pending would navigate back.)
    await expect(page).toHaveURL(new RegExp(`search=${run}`));
    await table.getByRole('row', { name: new RegExp(prodDoc) }).getByTestId('doc-link').click();
    await expect(page).toHaveURL(new RegExp(`/production/production-daily\\?date=${day}&line=\\d+$`));
    await expect(page.getByTestId('daily-lines').locator('tr[aria-current="true"]')).toHaveCount(1);
    await page.goto(`/docs`);
    await page.getByLabel('Search', { exact: true }).fill(run);
    await expect(page).toHaveURL(new RegExp(`search=${run}`));
    await table.getByRole('row', { name: new RegExp(shipDoc) }).getByTestId('doc-link').click();
    await expect(page).toHaveURL(/\/shipping-log\?search=/);
    await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(sh.number);
    await expect(page.getByRole('button', { name: `Actions for ${sh.number}` })).toBeVisible();
  });
});
