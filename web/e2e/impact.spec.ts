import { apiToken, expect, orgDay, SIGNED_OUT, test } from './fixtures';

/**
 * A project's impact report. Its own kit (4 meals a kit, rice at $2.50 a kg),
 * units made yesterday for the project (one entry reversed), a shipment shipped and one
 * cancelled; the report's figures; its print layout on A4 and Letter; a share link made
 * on the page, opened signed out in a fresh browser (the report and nothing else), then
 * revoked. The organisation's logo, uploaded in Settings, is beside its name on the report,
 * its print layout and the shared page; removed, the Packline mark is back.
 */
const day = orgDay(-1);

/** A logo as an SVG image (its script must never run: the server serves it with a no-script policy). */
const LOGO_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="48" viewBox="0 0 160 48">' +
    '<script>document.title = "logo script ran"</script>' +
    '<rect width="48" height="48" rx="10" fill="#2f6f4f"/><text x="58" y="32" font-size="22" fill="#2f6f4f">Lakeside</text></svg>',
);

/** True once the img has loaded a picture (naturalWidth > 0): the bytes came and were an image. */
const loaded = (img: import('@playwright/test').Locator) => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);

// The organisation's logo is an organisation setting (organisation.spec.ts compares them whole).
test.use({ exclusive: ['org-settings'] });

test('impact report: figures, print layout, share link opened signed out and revoked', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36).toUpperCase();
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const call = async (method: 'post' | 'put' | 'patch', url: string, data: object, ok = true) => {
    const res = await request[method](url, { headers, data });
    if (ok) expect(res.ok(), `${url}: ${await res.text()}`).toBeTruthy();
    return res.json();
  };
  await request.delete('/api/settings/logo', { headers }); // a logo a failed run left (404 when none)
  const rice = await call('post', '/api/inventory/items', { sku: `IR-${tag}`, name: `Impact rice ${tag}`, kind: 'raw_material', unit: 'kg', unit_cost: 250 });
  const kit = await call('post', '/api/inventory/items', { sku: `IK-${tag}`, name: `Impact kit ${tag}`, kind: 'finished_good', unit: 'kit', servings_per_unit: 4 });
  await call('post', `/api/inventory/items/${rice.id}/batches`, { code: `IRB-${tag}`, quantity: 100, expires_at: '2099-01-01' });
  await call('put', `/api/inventory/items/${kit.id}/recipe`, { components: [{ item_id: rice.id, quantity: 0.5 }] });
  const line = await call('post', '/api/production/lines', { name: `Impact line ${tag}` });
  const client = await call('post', '/api/clients', { name: `Lakeside Pantry ${tag}`, email: `grants-${tag.toLowerCase()}@lakeside.example` });
  const project = await call('post', '/api/projects', {
    name: `Lakeside kits ${tag}`, client_id: client.id, product_id: kit.id, target_units: 100, start_date: orgDay(-3), due_date: orgDay(30),
  });
  const entry = (hour: number, units: number) =>
    call('post', '/api/production/entries', { date: day, hour, line_id: line.id, product_id: kit.id, units, project_id: project.id });
  const first = await entry(9, 40);
  await entry(10, 20);
  const wrong = await entry(11, 10);
  await call('post', `/api/production/entries/${wrong.id}/reverse`, { reason: 'Counted twice' });
  const ship = async (qty: number, ...then: string[]) => {
    const s = await call('post', '/api/shipments', {
      ship_date: orgDay(0), destination: { name: `Lakeside Pantry ${tag}` }, lines: [{ batch_id: first.produced_batch_id, quantity: qty }], project_id: project.id,
    });
    for (const a of then) await call('post', `/api/shipments/${s.id}/${a}`, a === 'cancel' ? { reason: 'Truck broke down' } : {});
  };
  await ship(25, 'ship');
  await ship(10, 'ship', 'cancel');

  // The project page leads to its report; the figures: 60 kits (the reversed 10 left
  // out), 240 meals, 30 kg of rice costing $75.00, 25 kits shipped.
  await page.goto(`/projects/${project.id}`);
  await page.getByRole('link', { name: 'Impact report' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/impact$`));
  const report = page.getByTestId('impact-report');
  await expect(report.getByTestId('impact-name')).toHaveText(`Lakeside kits ${tag}`);
  await expect(report.getByTestId('impact-units')).toHaveText('60');
  await expect(report.getByTestId('impact-meals')).toHaveText('240');
  await expect(report.getByTestId('impact-shipped')).toHaveText('25');
  await expect(report.getByTestId('impact-cost')).toHaveText(/^(US)?\$75$/); // whole dollars; en-GB writes US$
  await expect(report.getByTestId('impact-materials')).toContainText('$75.00');
  await expect(report.getByTestId('impact-materials')).toContainText(`IRB-${tag}`);
  await expect(report.getByTestId('impact-materials')).toContainText('30 kg');
  await expect(report.getByTestId('impact-destinations')).toContainText(`Lakeside Pantry ${tag}`);
  await expect(report.getByTestId('impact-shipments').getByRole('row')).toHaveCount(2); // header + the shipped one
  await expect(report.locator('.recharts-surface').first()).toBeVisible();
  // No logo yet: the organisation's name with the Packline mark.
  await expect(report.getByTestId('impact-logo')).toHaveCount(0);

  // An admin uploads the organisation's logo in Settings; the report shows it beside the name.
  await page.goto('/settings');
  const logoCard = page.getByTestId('settings-logo');
  await logoCard.locator('input[type=file]').setInputFiles({ name: 'lakeside.svg', mimeType: 'image/svg+xml', buffer: LOGO_SVG });
  await expect(logoCard.getByTestId('settings-logo-image')).toBeVisible();
  await expect.poll(() => loaded(logoCard.getByTestId('settings-logo-image'))).toBe(true);
  await expect(logoCard.getByRole('button', { name: 'Replace logo' })).toBeVisible();
  await page.goBack();
  await expect(report.getByTestId('impact-logo')).toBeVisible();
  await expect.poll(() => loaded(report.getByTestId('impact-logo'))).toBe(true);
  await expect(report.getByTestId('impact-logo')).toHaveAttribute('alt', / logo$/);
  expect(await page.title()).not.toBe('logo script ran');

  // Print layout: the report alone (no navigation, no share panel), within the width of
  // A4 and of Letter; Chromium prints it on both.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { name: 'Share with sponsors' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(report.getByTestId('impact-org')).toBeVisible();
  await expect(report.getByTestId('impact-logo')).toBeVisible();
  for (const width of [718, 768]) {
    // A4 (210 mm) and Letter (8.5 in) less the 12 mm margins, in CSS pixels.
    await page.setViewportSize({ width, height: 1000 });
    const overflow = await report.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow, `report wider than the page at ${width}px`).toBeLessThanOrEqual(1);
    // The charts are drawn in print too, within the page.
    const chart = await report.locator('.recharts-wrapper').first().evaluate((el) => el.getBoundingClientRect().width);
    expect(chart).toBeGreaterThan(200);
    expect(chart).toBeLessThan(width / 2);
    // The logo sits beside the name, within the page, at most 16 mm (about 61 px) high.
    const logo = await report.getByTestId('impact-logo').boundingBox();
    const name = await report.getByTestId('impact-org').boundingBox();
    expect(logo!.height).toBeGreaterThan(10);
    expect(logo!.height).toBeLessThanOrEqual(62);
    expect(logo!.x + logo!.width).toBeLessThanOrEqual(width);
    expect(Math.abs(logo!.y + logo!.height / 2 - (name!.y + name!.height))).toBeLessThan(40);
  }
  for (const format of ['A4', 'Letter'] as const) {
    const pdf = await page.pdf({ format, printBackground: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  }
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A share link for a sponsor, made on the page and shown once.
  await page.getByLabel('For whom').fill(`Rotary grant ${tag}`);
  await page.getByRole('button', { name: 'Create link' }).click();
  const url = (await page.getByTestId('impact-link-url').textContent())!.trim();
  expect(url).toMatch(/\/impact-link\/[\w-]{40,}$/);
  await expect(page.getByTestId('impact-links')).toContainText(`Rotary grant ${tag}`);

  // Signed out, in a fresh browser: the report and nothing else.
  const guest = await browser.newContext({ locale: 'en-US', timezoneId: 'America/Chicago', storageState: SIGNED_OUT });
  try {
    const outside = await guest.newPage();
    await outside.goto(url);
    await expect(outside).toHaveURL(url); // not sent to sign in
    const pub = outside.getByTestId('impact-report');
    await expect(pub.getByTestId('impact-units')).toHaveText('60');
    await expect(pub.getByTestId('impact-meals')).toHaveText('240');
    await expect(pub).toContainText(`Lakeside kits ${tag}`);
    // The logo comes to a reader who is signed out.
    await expect(pub.getByTestId('impact-logo')).toBeVisible();
    await expect.poll(() => loaded(pub.getByTestId('impact-logo'))).toBe(true);
    await expect(outside.getByRole('navigation')).toHaveCount(0);
    await expect(outside.getByRole('heading', { name: 'Share with sponsors' })).toHaveCount(0);
    await expect(outside.getByRole('link')).toHaveCount(0);

    // The page counts the opening; revoked, the link says so.
    await page.reload();
    await expect(page.getByTestId('impact-links')).toContainText('Opened once');
    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByTestId('impact-links')).toContainText('Revoked');
    await outside.reload();
    await expect(outside.getByTestId('public-impact-error')).toContainText('This report link was revoked; ask its sender for a new one.');
    await expect(outside.getByTestId('impact-report')).toHaveCount(0);
  } finally {
    await guest.close();
  }

  // Removing the logo asks first; then the report shows the name with the Packline mark again.
  await page.goto('/settings');
  await logoCard.getByRole('button', { name: 'Remove logo' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove the logo?' });
  await confirm.getByRole('button', { name: 'Remove logo' }).click();
  await expect(logoCard).toContainText('No logo yet');
  await page.goto(`/projects/${project.id}/impact`);
  await expect(report.getByTestId('impact-name')).toHaveText(`Lakeside kits ${tag}`);
  await expect(report.getByTestId('impact-logo')).toHaveCount(0);
});
