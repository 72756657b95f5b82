import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The public kiosk, as an employee uses it, against the real binary with the
 * demo organisation: the n-th demo employee has PIN 1000+n (printed on start). Each test
 * uses its own employees, so tests may run in any order on one server.
 */
const PIN: Record<string, string> = {
  'Ana Almeida': '1001',
  'Carla Barros': '1003',
  'Farah Farahani': '1008',
  'Hana Hosseini': '1010',
  'Ivan Ibarra': '1011',
  'Julia Jones': '1012',
  'Kai Kim': '1013',
  'Nima Navabi': '1017',
  'Olga Ortega': '1018',
  'Tom Taylor': '1023',
};

async function openKiosk(page: Page) {
  await page.goto('/employee-portal');
  await expect(page.getByRole('heading', { name: 'Employee Clock In/Out' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Employees' }).getByRole('button').first()).toBeVisible();
}

const employees = (page: Page) => page.locator('main ul').getByRole('button');
const pinDialog = (page: Page, name: string) => page.getByRole('dialog', { name: `Enter PIN for ${name}` });
const clockDialog = (page: Page, name: string) => page.getByRole('dialog', { name: `Clock In/Out: ${name}` });
const toast = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').filter({ hasText: text });

/** 'green' or 'red' when that channel clearly dominates the element's background. */
async function hue(locator: Locator): Promise<string> {
  const bg = await locator.evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r, g, b] = (bg.match(/\d+/g) ?? []).map(Number);
  if (g > r + 40 && g > b + 40) return 'green';
  if (r > g + 40 && r > b + 40) return 'red';
  return bg;
}

async function enterPin(page: Page, name: string, pin = PIN[name]) {
  await employees(page).filter({ hasText: name }).click();
  const dialog = pinDialog(page, name);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('PIN', { exact: true }).fill(pin);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}

test.describe('employee kiosk', () => {
  // The kiosk is a public page on a tablet nobody signs in on.
  test.use({ signedIn: false });
  // Whole flows on a shared 2-core machine: allow more than the default 30 s.
  test.describe.configure({ timeout: 90_000 });

  test('filters by the first letter of the last name and says when a letter is empty', async ({ page }) => {
    await openKiosk(page);
    const all = await employees(page).count();
    expect(all).toBeGreaterThanOrEqual(39);
    await expect(employees(page).first()).toHaveText('Ben Adler'); // sorted by last name

    await page.getByRole('button', { name: 'B', exact: true }).click();
    await expect(employees(page)).toHaveText(['Carla Barros']);
    await expect(page.getByRole('button', { name: 'B', exact: true })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: 'X', exact: true }).click();
    await expect(page.getByText('No employees found for the selected letter.')).toBeVisible();
    await expect(employees(page)).toHaveCount(0);

    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect(employees(page)).toHaveCount(all);
    // Big touch targets.
    const box = await employees(page).first().boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(48);
  });

  test('an empty PIN warns without a call; the PIN modal closes only with its buttons', async ({ page }) => {
    let checks = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/employees/validate-pin')) checks++;
    });
    await openKiosk(page);
    await employees(page).filter({ hasText: 'Olga Ortega' }).click();
    const dialog = pinDialog(page, 'Olga Ortega');
    const input = dialog.getByLabel('PIN', { exact: true });
    await expect(input).toHaveAttribute('type', 'password');
    await input.fill('   ');
    await input.press('Enter');
    await expect(toast(page, 'Please enter your PIN.')).toBeVisible();
    expect(checks).toBe(0);

    // Show/hide toggle.
    await input.fill('12');
    await dialog.getByRole('button', { name: 'Show or hide the PIN' }).click();
    await expect(input).toHaveAttribute('type', 'text');

    // Neither Escape nor a click outside closes it.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 400);
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(employees(page).filter({ hasText: 'Olga Ortega' })).toBeVisible();
    expect(checks).toBe(0);
  });

  test('wrong PIN, right PIN, cancel, clock in, then clock out', async ({ page }) => {
    const name = 'Farah Farahani';
    await openKiosk(page);

    await enterPin(page, name, '0000');
    await expect(toast(page, 'Incorrect PIN. Please try again.')).toBeVisible();
    await expect(pinDialog(page, name)).toBeVisible();
    await pinDialog(page, name).getByRole('button', { name: 'Cancel' }).click();

    // Right PIN, then Cancel in the clock modal: nothing changes.
    await enterPin(page, name);
    const dialog = clockDialog(page, name);
    await expect(dialog.getByText('You are currently clocked out.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Clock Out' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await enterPin(page, name);
    const clockIn = clockDialog(page, name).getByRole('button', { name: 'Clock In' });
    expect(await hue(clockIn)).toBe('green');
    await clockIn.click();
    await expect(toast(page, `Clocked in as ${name}.`)).toBeVisible();
    await expect(clockDialog(page, name)).toBeHidden();

    await enterPin(page, name);
    const again = clockDialog(page, name);
    await expect(again.getByText('You are currently clocked in.')).toBeVisible();
    await expect(again.getByText(/^Last punch: today, \d{1,2}:\d{2}\s(am|pm) C[SD]T$/)).toBeVisible();
    const clockOut = again.getByRole('button', { name: 'Clock Out' });
    expect(await hue(clockOut)).toBe('red');
    await clockOut.click();
    await expect(toast(page, `Clocked out as ${name}.`)).toBeVisible();
    // Toasts sit bottom-right.
    const t = await toast(page, `Clocked out as ${name}.`).boundingBox();
    const vp = page.viewportSize()!;
    expect(t!.x + t!.width).toBeGreaterThan(vp.width * 0.7);
    expect(t!.y + t!.height).toBeGreaterThan(vp.height * 0.7);
  });

  test('works with the keyboard alone', async ({ page }) => {
    const name = 'Hana Hosseini';
    await openKiosk(page);
    const tabTo = async (text: string) => {
      for (let i = 0; i < 120; i++) {
        await page.keyboard.press('Tab');
        if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === text) return;
      }
      throw new Error(`could not reach ${text} with Tab`);
    };
    await tabTo('H');
    await page.keyboard.press('Enter');
    await tabTo(name);
    await page.keyboard.press('Enter');
    await expect(pinDialog(page, name)).toBeVisible();
    await page.keyboard.type(PIN[name]); // the PIN field has the focus
    await page.keyboard.press('Enter');
    const dialog = clockDialog(page, name);
    // The punch button has the focus: Clock In (or Clock Out, should a retried run find
    // Hana already in).
    const action = dialog.getByRole('button', { name: /^Clock (In|Out)$/ });
    await expect(action).toBeFocused();
    const clockingIn = (await action.textContent()) === 'Clock In';
    await page.keyboard.press('Enter');
    await expect(toast(page, clockingIn ? `Clocked in as ${name}.` : `Clocked out as ${name}.`)).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('returns to the list after a minute without input', async ({ page }) => {
    await page.clock.install();
    await openKiosk(page);
    await enterPin(page, 'Ivan Ibarra');
    await expect(clockDialog(page, 'Ivan Ibarra')).toBeVisible();
    await page.clock.fastForward(61_000);
    await expect(clockDialog(page, 'Ivan Ibarra')).toBeHidden();
  });

  test('speaks Persian, right to left, and keeps the choice on the device', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('kiosk-ir')) {
        sessionStorage.setItem('kiosk-ir', '1');
        localStorage.setItem('packline.language', 'ir');
      }
    });
    await page.goto('/employee-portal');
    await expect(page.getByRole('heading', { name: 'ثبت ورود و خروج کارکنان' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await employees(page).filter({ hasText: 'Nima Navabi' }).click();
    const dialog = page.getByRole('dialog', { name: 'PIN را برای Nima Navabi وارد کنید' });
    await dialog.getByLabel('PIN', { exact: true }).fill('0000');
    await dialog.getByRole('button', { name: 'تأیید' }).click();
    await expect(toast(page, 'PIN نادرست است. لطفاً دوباره تلاش کنید.')).toBeVisible();
    await dialog.getByRole('button', { name: 'لغو' }).click();
    await expect(dialog).toBeHidden();

    // Switching language on the kiosk sticks after a reload.
    await page.locator('select').selectOption('es');
    await expect(page.getByRole('heading', { name: 'Registro de entrada y salida de empleados' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Registro de entrada y salida de empleados' })).toBeVisible();
  });
});
