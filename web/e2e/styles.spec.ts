import type { Browser, BrowserContext, Page } from '@playwright/test';
import { apiToken, expect, SIGNED_OUT, test } from './fixtures';

/**
 * Complete styles however a page is reached: every route is opened
 * cold, in a new browser context with an empty cache, as its first and only page. Two
 * checks on each:
 * - every Mantine class on the page (`m_…`, from a component's CSS module) has a rule in
 *   a loaded stylesheet: no component is shown without its CSS;
 * - the computed style of its tabs, tables, pagination, buttons and inputs is the styled
 *   one (the failure seen: tabs running together, tables without borders or padding,
 *   pagination as plain "1 2").
 */

const OFFICE_ROUTES = [
  '/dashboard',
  '/inventory',
  '/employees',
  '/settings',
  '/preferences',
  '/users',
  '/projects',
  '/projects/1',
  '/docs',
  '/faq',
  '/shipping-log',
  '/partners',
  '/chat',
  '/production/production-overview',
  '/production/production-daily',
  '/production/production-hourly',
  '/production/recipes',
  '/notifications',
  '/payments/payment-methods',
  '/payments/billing',
  '/payments/billing/1',
  '/payments/pricing-plans',
  '/payments/clients',
  '/404',
];
const PUBLIC_ROUTES = ['/auth/login', '/auth/signup', '/auth/recover-password', '/auth/recover-password-email', '/auth/terms', '/employee-portal'];

interface StyleReport {
  /** Mantine classes in the DOM that no loaded stylesheet styles, with the component's static class */
  unstyled: string[];
  /** components whose computed style shows their CSS is missing */
  wrong: string[];
  counts: Record<string, number>;
}

function styleReport(page: Page): Promise<StyleReport> {
  return page.evaluate(() => {
    const styled = new Set<string>();
    const visit = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) for (const m of rule.selectorText.matchAll(/\.(m_[0-9a-f]+)/g)) styled.add(m[1]);
        if ('cssRules' in rule) visit((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) visit(sheet.cssRules);

    const nameOf = (el: Element) => Array.from(el.classList).find((c) => c.startsWith('mantine-')) ?? el.tagName.toLowerCase();
    const unstyled = new Set<string>();
    for (const el of Array.from(document.querySelectorAll('[class*="m_"]'))) {
      for (const c of Array.from(el.classList)) {
        if (/^m_[0-9a-f]+$/.test(c) && !styled.has(c)) unstyled.add(`${c} (${nameOf(el)})`);
      }
    }

    const px = (el: Element, prop: string) => parseFloat(getComputedStyle(el).getPropertyValue(prop)) || 0;
    const wrong: string[] = [];
    const counts: Record<string, number> = {};
    const check = (selector: string, ok: (el: Element) => boolean, what: string) => {
      const els = Array.from(document.querySelectorAll(selector)).filter((el) => (el as HTMLElement).offsetParent !== null);
      counts[selector] = els.length;
      for (const el of els) if (!ok(el)) wrong.push(`${selector}: ${what} (“${(el.textContent ?? '').trim().slice(0, 30)}”)`);
    };
    check('.mantine-Tabs-list', (el) => getComputedStyle(el).display === 'flex', 'tab list not a flex row');
    check('.mantine-Tabs-tab', (el) => px(el, 'padding-left') >= 8 && px(el, 'padding-right') >= 8, 'tab without padding');
    // Browsers pad a bare cell by 1px; every table of the app is styled (Mantine Table or DataTable).
    // A cell that a button fills edge to edge (the hourly grid) says so with data-flush; the button is padded.
    // mantine-datatable holds the place of rows not yet loaded (or of none) with one empty, unpadded
    // cell of its own (tr.mantine-datatable-empty-row): a spacer, not a cell of content.
    check(
      'table th, table td',
      (el) =>
        px(el, 'padding-left') >= 4 ||
        (el.closest('.mantine-datatable-empty-row') !== null && (el.textContent ?? '').trim() === '') ||
        (el.hasAttribute('data-flush') && Array.from(el.querySelectorAll('button')).some((b) => px(b, 'padding-left') >= 4)),
      'table cell without padding',
    );
    check('.mantine-Pagination-control', (el) => px(el, 'height') >= 24 && px(el, 'border-top-width') >= 1, 'plain pagination control');
    // (compact buttons are 22 px high; an unstyled one is as high as its text line)
    check('.mantine-Button-root', (el) => px(el, 'height') >= 20 && px(el, 'padding-left') >= 4, 'unstyled button');
    check('.mantine-Input-input', (el) => px(el, 'height') >= 24 && px(el, 'border-top-width') >= 1, 'unstyled input');
    check('.mantine-Modal-content', (el) => getComputedStyle(el).backgroundColor !== 'rgba(0, 0, 0, 0)', 'transparent modal');
    check('.mantine-Badge-root', (el) => px(el, 'height') >= 12 && getComputedStyle(el).display !== 'inline', 'unstyled badge');
    return { unstyled: [...unstyled], wrong, counts };
  });
}

async function expectStyled(page: Page, where: string, expected: Partial<Record<string, number>> = {}) {
  await page.waitForLoadState('networkidle');
  const report = await styleReport(page);
  expect(report.unstyled, `${where}: Mantine classes without CSS`).toEqual([]);
  expect(report.wrong, `${where}: components without their styles`).toEqual([]);
  for (const [selector, min] of Object.entries(expected)) {
    expect(report.counts[selector] ?? 0, `${where}: ${selector} shown`).toBeGreaterThanOrEqual(min ?? 1);
  }
}

/** A new browser context (empty cache, no page opened before), signed in or not. */
async function coldContext(browser: Browser, token: string | null): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'America/Chicago', viewport: { width: 1280, height: 800 }, storageState: SIGNED_OUT });
  await context.addInitScript((t) => {
    localStorage.setItem('packline.language', 'gb');
    if (t) localStorage.setItem('packline.token', t);
  }, token);
  return context;
}

test.describe('complete styles on every route opened cold', () => {
  // Cold loads on a shared 2-core machine: allow more than the default waits.
  test.describe.configure({ timeout: 120_000 });
  test.use({ actionTimeout: 20_000 });

  for (const route of OFFICE_ROUTES) {
    test(`office route ${route}`, async ({ browser, request }) => {
      const context = await coldContext(browser, await apiToken(request));
      const page = await context.newPage();
      await page.goto(route);
      await expect(page).toHaveURL(new RegExp(`${route}$`));
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
      await expectStyled(page, route);
      await context.close();
    });
  }

  test('the employees tabs, table, pagination, punches modal and timesheets', async ({ browser, request }) => {
    const context = await coldContext(browser, await apiToken(request));
    const page = await context.newPage();
    await page.goto('/employees');
    await expect(page.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
    await expectStyled(page, '/employees list', {
      '.mantine-Tabs-tab': 3,
      'table th, table td': 1,
      '.mantine-Pagination-control': 1,
    });
    const tabs = page.getByRole('tab');
    const first = await tabs.nth(0).boundingBox();
    const second = await tabs.nth(1).boundingBox();
    // The tabs stand apart: padding on both sides of each label.
    expect(second!.x - (first!.x + first!.width)).toBeGreaterThanOrEqual(0);

    await page.getByRole('row').nth(1).getByRole('button', { name: 'Punches' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectStyled(page, '/employees punches modal', { '.mantine-Modal-content': 1, 'table th, table td': 1 });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.getByRole('tab', { name: 'Who is in' }).click();
    await expectStyled(page, '/employees who is in');
    await page.getByRole('tab', { name: 'Timesheets' }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expectStyled(page, '/employees timesheets', { '.mantine-Input-input': 1 });
    await context.close();
  });

  test('the inventory list and a batch page', async ({ browser, request }) => {
    const token = await apiToken(request);
    const items = await (await request.get('/api/inventory/items', { headers: { Authorization: `Bearer ${token}` } })).json();
    // The first item that has batches (other specs add items without any).
    let batchId = 0;
    for (const item of (items.items ?? items.data ?? items) as { id: number }[]) {
      const batches = await (
        await request.get(`/api/inventory/items/${item.id}/batches`, { headers: { Authorization: `Bearer ${token}` } })
      ).json();
      const list = (batches.batches ?? batches.data ?? batches) as { id: number }[];
      if (list.length > 0) {
        batchId = list[0].id;
        break;
      }
    }
    expect(batchId).toBeGreaterThan(0);

    let context = await coldContext(browser, token);
    let page = await context.newPage();
    await page.goto('/inventory');
    await expect(page.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
    await expectStyled(page, '/inventory', { 'table th, table td': 1 });
    await context.close();

    context = await coldContext(browser, token);
    page = await context.newPage();
    await page.goto(`/inventory/batches/${batchId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await expectStyled(page, `/inventory/batches/${batchId}`);
    await context.close();
  });

  test('the public pages: sign-in pages and the kiosk with its PIN dialog', async ({ browser }) => {
    for (const route of PUBLIC_ROUTES) {
      const context = await coldContext(browser, null);
      const page = await context.newPage();
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      // The kiosk's letters and employees are plain buttons in Mantine's look (kiosk.module.css):
      // its Mantine part checked here is the header's language select; its tiles carry their own styles.
      await expectStyled(page, route, route === '/employee-portal' ? { '.mantine-Input-input': 1 } : { '.mantine-Button-root': 1 });
      if (route === '/employee-portal') {
        const tile = await page.getByRole('button', { name: /Ana Almeida/ }).evaluate((el) => {
          const cs = getComputedStyle(el);
          return { radius: cs.borderTopLeftRadius, minHeight: cs.minHeight, border: cs.borderTopStyle };
        });
        expect(tile, 'kiosk employee tile styled').toEqual({ radius: '8px', minHeight: '72px', border: 'solid' });
        await page.getByRole('button', { name: /Ana Almeida/ }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectStyled(page, 'kiosk PIN dialog', { '.mantine-Modal-content': 1, '.mantine-Input-input': 1 });
      }
      await context.close();
    }
  });
});
