import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import { chromium, type APIRequestContext, type Page } from '@playwright/test';
import { account, apiToken, expect, signedInState, SIGNED_OUT, test } from './fixtures';

/**
 * Labels and scanning: a receipt's batch labels, each with the QR code of its
 * /b/{sku}/10/{code}/17/{YYMMDD} link, in both layouts; the link opening the batch after a
 * sign-in; and Chromium's fake camera showing one of those very labels, read by the scanner
 * (ZXing: Linux Chromium has no BarcodeDetector) in the inventory search and the shipment
 * line editor.
 */

interface Seeded {
  sku: string;
  code: string;
  batchId: number;
}

/** Serious axe findings on the page, or only within `include` (a modal: the page under its overlay is not its own). */
async function seriousViolations(page: Page, include?: string) {
  const axe = new AxeBuilder({ page });
  if (include) axe.include(include);
  const results = await axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Two items received together (one day, one source): a receipt of two batches. */
async function seed(request: APIRequestContext): Promise<[Seeded, Seeded]> {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const tag = Date.now().toString(36).toUpperCase();
  const out: Seeded[] = [];
  for (const [i, code] of [`LOT ${tag}/A`, `B-${tag}`].entries()) {
    const sku = `E2E-LBL${i}-${tag}`;
    const item = await request.post('/api/inventory/items', { headers, data: { sku, name: `Label test ${i ? 'beans' : 'rice'}`, kind: 'raw_material', unit: 'kg' } });
    expect(item.ok()).toBeTruthy();
    const batch = await request.post(`/api/inventory/items/${(await item.json()).id}/batches`, {
      headers,
      data: { code, quantity: 12, received_at: '2026-03-02', expires_at: '2027-03-31', source: `Mill ${tag}`, source_type: 'supplier' },
    });
    expect(batch.ok()).toBeTruthy();
    out.push({ sku, code, batchId: (await batch.json()).id });
  }
  return out as [Seeded, Seeded];
}

/**
 * A Y4M video (Chromium's --use-file-for-fake-video-capture) of one frame: the first label's
 * QR code as the page drew it, black on white, about 400 px wide in a 640 × 480 picture.
 */
async function qrVideo(page: Page, file: string) {
  const luma = await page.evaluate(async () => {
    const found = document.querySelector('[data-testid="batch-label"] svg');
    if (!(found instanceof SVGSVGElement)) throw new Error('no QR code');
    // The vector drawn at a whole number of pixels a module, as a sharp camera would see it.
    const svg = found.cloneNode(true) as SVGSVGElement;
    const modules = found.viewBox.baseVal.width;
    const size = Math.floor(400 / modules) * modules;
    svg.setAttribute('width', String(size));
    svg.setAttribute('height', String(size));
    const img = new Image();
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 640, 480);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(img, Math.round((640 - size) / 2), Math.round((480 - size) / 2), size, size);
    const px = ctx.getImageData(0, 0, 640, 480).data;
    const out: number[] = [];
    for (let i = 0; i < px.length; i += 4) out.push(Math.round(16 + (219 * (0.299 * px[i] + 0.587 * px[i + 1] + 0.114 * px[i + 2])) / 255));
    return out;
  });
  const header = Buffer.from('YUV4MPEG2 W640 H480 F10:1 Ip A1:1 C420jpeg\nFRAME\n');
  const chroma = Buffer.alloc(320 * 240 * 2, 128);
  fs.writeFileSync(file, Buffer.concat([header, Buffer.from(luma), chroma]));
}

test('batch labels with QR codes, the label link, and scanning a label', async ({ page, request, browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const [rice, beans] = await seed(request);
  const link = (s: Seeded) => `${baseURL}/b/${encodeURIComponent(s.sku)}/10/${encodeURIComponent(s.code)}/17/270331`;

  // The batch page's button opens its labels: one label, its QR code holding the link.
  await page.goto(`/inventory/batches/${rice.batchId}`);
  await page.getByRole('link', { name: 'Print labels' }).click();
  const labels = page.getByTestId('batch-label');
  await expect(labels).toHaveCount(1);
  await expect(labels.first()).toHaveAttribute('data-url', link(rice));
  await expect(labels.first()).toContainText(rice.code);
  await expect(labels.first()).toContainText('Label test rice');
  await expect(labels.first().getByRole('img', { name: `QR code of batch ${rice.code}` })).toBeVisible();
  await expect(labels.first().locator('svg path').first()).toBeAttached();

  // The whole receipt: both batches, by item name; the roll layout; two copies each.
  await page.getByText('Its whole receipt').click();
  await expect(labels).toHaveCount(2);
  await expect(labels.nth(0)).toHaveAttribute('data-url', link(beans));
  await expect(page.getByTestId('label-preview')).toHaveAttribute('data-layout', 'a4');
  await page.getByText('62 mm label roll').click();
  await expect(page.getByTestId('label-preview')).toHaveAttribute('data-layout', 'roll');
  await page.getByLabel('Copies of each').fill('2');
  await expect(labels).toHaveCount(4);
  await expect(page).toHaveURL(/receipt=1.*layout=roll.*copies=2|layout=roll.*receipt=1/);
  expect(await seriousViolations(page)).toEqual([]);

  // Printing shows the labels alone, one 62 × 40 mm page each.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation').first()).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // Back to this batch alone: the fake camera will show its label.
  await page.getByText('This batch').click();
  await expect(labels).toHaveCount(2);
  await page.getByLabel('Copies of each').fill('1');
  await expect(labels).toHaveCount(1);
  const video = testInfo.outputPath('label.y4m');
  await qrVideo(page, video);

  // Without a camera (this browser has none) the scanner says so, and Cancel closes it.
  await page.goto('/inventory');
  await page.getByRole('button', { name: 'Scan' }).click();
  await expect(page.getByTestId('scan-problem')).toContainText('No camera');
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  // The label's link, signed out: the sign-in, then the batch page.
  const fresh = await browser.newContext({ baseURL, storageState: SIGNED_OUT });
  const visitor = await fresh.newPage();
  await visitor.goto(link(rice));
  await expect(visitor).toHaveURL(/\/auth\/login\?redirect=/);
  await visitor.getByLabel('Email').fill(account().email);
  await visitor.getByLabel(/^Password/).fill(account().password);
  await visitor.getByRole('button', { name: 'Sign in' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/inventory/batches/${rice.batchId}$`));
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText(rice.code);
  await fresh.close();

  // Scanning: Chromium's fake camera shows the label; the scanner reads it.
  const launch = testInfo.project.use.launchOptions ?? {};
  const camBrowser = await chromium.launch({
    ...launch,
    args: [...(launch.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const ctx = await camBrowser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, storageState: signedInState(baseURL!) });
    const cam = await ctx.newPage();

    // The inventory search: the scanned label opens its batch.
    await cam.goto('/inventory');
    await cam.getByRole('button', { name: 'Scan' }).click();
    await expect(cam.getByTestId('scan-video')).toBeVisible();
    await expect(cam).toHaveURL(new RegExp(`/inventory/batches/${rice.batchId}$`), { timeout: 30_000 });

    // The shipment line editor: the scanned label's batch becomes a line.
    await cam.goto('/shipping-log');
    await cam.getByRole('button', { name: 'New shipment' }).click();
    const form = cam.getByRole('dialog');
    await form.getByRole('button', { name: 'Scan' }).click();
    await expect(cam.getByTestId('scan-video')).toBeVisible();
    await expect(cam.getByTestId('scan-modal')).toBeHidden({ timeout: 30_000 });
    await expect(form.getByRole('table')).toContainText(`${rice.sku} · ${rice.code}`);
    await expect(form.getByLabel(`Quantity of ${rice.sku} · ${rice.code}`)).toBeVisible();
  } finally {
    await camBrowser.close();
  }
});
