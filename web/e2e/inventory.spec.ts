import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiToken, expect, test } from './fixtures';

/**
 * Receive a batch, see it grouped under its item, adjust it, undo the
 * adjustment, count it, read its history and export CSV — in English and in Persian
 * (right to left, Persian digits). Labels come from the locale files themselves.
 */
type Dict = Record<string, unknown>;
const LOCALES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/i18n/locales');
/** A language's strings, every namespace (locales/<namespace>/<lang>.json) in one tree. */
const locale = (lng: string): Dict => {
  const merge = (a: Dict, b: Dict): Dict =>
    Object.fromEntries([...new Set([...Object.keys(a), ...Object.keys(b)])].map((k) => {
      const x = a[k], y = b[k];
      return [k, x && y && typeof x === 'object' && typeof y === 'object' ? merge(x as Dict, y as Dict) : (y ?? x)];
    }));
  return fs
    .readdirSync(LOCALES)
    .filter((ns) => fs.existsSync(path.join(LOCALES, ns, `${lng}.json`)))
    .reduce<Dict>((tree, ns) => merge(tree, JSON.parse(fs.readFileSync(path.join(LOCALES, ns, `${lng}.json`), 'utf8')) as Dict), {});
};
const TAGS: Record<string, string> = { gb: 'en-GB', ir: 'fa-IR' };

for (const lng of ['gb', 'ir'] as const) {
  test(`inventory ledger flow (${lng})`, async ({ page }) => {
    test.setTimeout(90_000);
    const dict = locale(lng);
    const L = (key: string, params: Record<string, string | number> = {}) => {
      const v = key.split('.').reduce<unknown>((o, k) => (o as Dict)?.[k], dict);
      if (typeof v !== 'string') throw new Error(`no ${lng} string for ${key}`);
      return v.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p] ?? ''));
    };
    const num = (n: number) => new Intl.NumberFormat(TAGS[lng], { maximumFractionDigits: 3 }).format(n);
    const signed = (n: number) => new Intl.NumberFormat(TAGS[lng], { maximumFractionDigits: 3, signDisplay: 'exceptZero' }).format(n);
    const item = 'Long-grain white rice';
    // Unit names are translated too ('kg' is 'کیلوگرم' in Persian).
    const kg = L('units.kg_other');
    const code = `E2E-${lng.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;

    // Show the interface in this language without changing the saved preference.
    await page.route('**/api/user/preferences', (route) =>
      route.fulfill({ json: { language: lng, theme: 'light', nav_layout: 'side' } }),
    );
    await page.addInitScript((l) => localStorage.setItem('packline.language', l), lng);
    await page.goto('/inventory');
    await expect(page.getByRole('heading', { level: 1, name: L('inventory.title') })).toBeVisible();
    if (lng === 'ir') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    // Receive a new batch.
    await page.getByRole('button', { name: L('inventory.actions.receiveItem', { name: item }) }).click();
    const receive = page.getByRole('dialog');
    await receive.getByLabel(L('inventory.fields.quantityIn', { unit: L('units.kg_other') })).fill('25');
    await receive.getByLabel(L('inventory.fields.code')).fill(code);
    await receive.getByRole('button', { name: L('inventory.receive.submit'), exact: true }).click();
    await expect(receive).toBeHidden();

    // It shows grouped under its item, with its on-hand.
    await page.getByRole('button', { name: L('inventory.table.showBatches', { name: item }) }).click();
    const row = page.getByTestId(`batch-${code}`);
    await expect(row).toContainText(`${num(25)} ${kg}`);

    // Adjust it: remove 5 kg, with a reason.
    await row.getByRole('button', { name: L('inventory.actions.adjustBatch', { code }) }).click();
    const adjust = page.getByRole('dialog');
    await adjust.getByLabel(L('inventory.fields.quantityIn', { unit: L('units.kg_other') })).fill('5');
    await adjust.getByLabel(L('inventory.fields.reason')).fill('Torn sack');
    await adjust.getByRole('button', { name: L('inventory.moveForm.saveAdjust') }).click();
    await expect(adjust).toBeHidden();
    await expect(row).toContainText(`${num(20)} ${kg}`);

    // Its history: undo the adjustment there.
    await row.getByRole('link', { name: L('inventory.actions.historyOf', { code }) }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(code);
    const onHand = page.getByTestId('batch-on-hand');
    await expect(onHand).toHaveText(`${num(20)} ${kg}`);
    await page
      .getByRole('button', { name: L('inventory.actions.undoMove', { reason: L('inventory.reasons.adjust'), change: signed(-5) }) })
      .click();
    const undo = page.getByRole('dialog');
    await undo.getByLabel(L('inventory.fields.reason')).fill('Sack was fine');
    await undo.getByRole('button', { name: L('inventory.undo.confirm') }).click();
    await expect(undo).toBeHidden();
    await expect(onHand).toHaveText(`${num(25)} ${kg}`);

    // Count it: 24 found, the difference becomes a count move.
    await page.getByRole('button', { name: L('inventory.actions.count'), exact: true }).click();
    const count = page.getByRole('dialog');
    await count.getByLabel(L('inventory.fields.counted', { unit: L('units.kg_other') })).fill('24');
    await count.getByRole('button', { name: L('inventory.moveForm.saveCount') }).click();
    await expect(count).toBeHidden();
    await expect(onHand).toHaveText(`${num(24)} ${kg}`);

    // The history, newest first, reads count, the reversal, the adjustment, the receipt — with the running balance.
    const history = page.getByRole('table', { name: L('inventory.batch.history') });
    const rows = history.locator('tbody tr');
    await expect(rows).toHaveCount(4);
    const expected = [
      ['inventory.reasons.count', 24],
      ['inventory.reasons.reversal', 25],
      ['inventory.reasons.adjust', 20],
      ['inventory.reasons.receive', 25],
    ] as const;
    for (const [i, [reason, balance]] of expected.entries()) {
      await expect(rows.nth(i)).toContainText(L(reason));
      await expect(rows.nth(i)).toContainText(`${num(balance)} ${kg}`);
    }
    await expect(rows.nth(2)).toContainText(L('inventory.history.undone'));

    // Export the batch's ledger as CSV.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: L('inventory.actions.exportHistory') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^ledger-.*\.csv$/);
    const csv = fs.readFileSync(await file.path(), 'utf8');
    expect(csv).toContain('move_id,time,item_sku');
    expect(csv.split('\n').filter((l) => l.includes(code))).toHaveLength(4);

    // And the filtered list, from the inventory page.
    await page.goto('/inventory');
    await page.getByLabel(L('inventory.filters.search')).fill(code);
    await expect(page.getByRole('button', { name: L('inventory.table.showBatches', { name: item }) })).toBeVisible();
    await page.getByRole('button', { name: L('inventory.actions.export') }).click();
    const listDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: L('inventory.actions.exportList') }).click();
    const listCsv = fs.readFileSync(await (await listDownload).path(), 'utf8');
    expect(listCsv).toContain(`${code},24,`);
  });
}

// A move that takes an item down to its reorder level rings every staff user's bell, live, with a
// sentence that leads back to the item.
test.describe(() => {
  // It notifies every user (see the 'notifications' lock in fixtures.ts).
  test.use({ exclusive: ['notifications'] });

  test('a move crossing the reorder level shows in the bell', async ({ page, request }) => {
    const token = await apiToken(request);
    const headers = { Authorization: `Bearer ${token}` };
    const sku = `LOW-${Date.now().toString(36).toUpperCase()}`;
    const created = await request.post('/api/inventory/items', {
      headers,
      data: { sku, name: `Bell test oats ${sku}`, kind: 'raw_material', unit: 'kg', reorder_level: 5 },
    });
    expect(created.status()).toBe(201);
    const item = (await created.json()) as { id: number };
    const received = await request.post(`/api/inventory/items/${item.id}/batches`, { headers, data: { quantity: 8, code: sku } });
    expect(received.ok()).toBeTruthy();

    await page.goto(`/inventory?search=${sku}`);
    await page.getByRole('button', { name: `Show the batches of Bell test oats ${sku}` }).click();
    const row = page.getByTestId(`batch-${sku}`);
    await row.getByRole('button', { name: `Adjust batch ${sku}` }).click();
    const adjust = page.getByRole('dialog');
    await adjust.getByLabel('Quantity (kg)').fill('4');
    await adjust.getByLabel('Reason').fill('Spilled');
    await adjust.getByRole('button', { name: 'Save adjustment' }).click();
    await expect(adjust).toBeHidden();

    await page.goto('/dashboard');
    await page.getByTestId('notifications-button').click();
    const note = page.getByRole('button', { name: `Bell test oats ${sku} (${sku}) is down to 4 kg, at or below its reorder level of 5` });
    await expect(note).toBeVisible();
    await note.click();
    await expect(page).toHaveURL(new RegExp(`/inventory\\?search=${sku}$`));
  });
});

// On a phone the page holds still while its list and warnings arrive: its layout is decided
// from the window and the first answers before anything is drawn under the title (a layout
// figure, the sum of the page's layout-shift entries, not a timing).
test('the inventory page does not jump on a 412 px phone while it loads (layout shift at most 0.1)', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 915 });
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number; layoutShifts: string[] };
    w.layoutShift = 0;
    w.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
        if (e.hadRecentInput) continue;
        w.layoutShift += e.value;
        w.layoutShifts.push(`${e.value.toFixed(3)}: ${(e.sources ?? []).map((s) => (s.node as Element | undefined)?.className || s.node?.nodeName).join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/inventory');
  await expect(page.locator('section[aria-labelledby="low-stock-title"]')).toBeVisible();
  await expect(page.locator('.mantine-datatable-row').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Whatever is still fading or sliding in has ended; then two frames for its last entries.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const { layoutShift, layoutShifts } = await page.evaluate(() => {
    const w = window as unknown as { layoutShift: number; layoutShifts: string[] };
    return { layoutShift: w.layoutShift, layoutShifts: w.layoutShifts };
  });
  expect(layoutShift, layoutShifts.join('\n')).toBeLessThanOrEqual(0.1);
});
