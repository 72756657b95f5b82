import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The office side of the time clock against the real binary and the demo
 * organisation: add an employee and clock in with their PIN at the kiosk, see the shift on
 * the timesheet, correct punches and read the audit trail, close a forgotten clock-out.
 */
const toast = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').filter({ hasText: text });

async function openEmployees(page: Page) {
  await page.goto('/employees');
  await expect(page.getByRole('heading', { level: 1, name: 'Employees' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
}

async function findEmployee(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'Search by name' }).fill(name);
  await expect(page.getByRole('row')).toHaveCount(2);
}

test.describe('employees and their time', () => {
  // Whole flows on a shared 2-core machine: allow more than the default 30 s.
  test.describe.configure({ timeout: 90_000 });

  test('add an employee with a PIN, clock in and out at the kiosk, see the shift on the timesheet', async ({ page }) => {
    const suffix = Date.now().toString(36).replace(/\d/g, '').slice(-4) || 'abc';
    const first = 'Tess';
    const last = `Quill${suffix}`;
    await openEmployees(page);

    await page.getByRole('button', { name: 'Add employee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an employee' });
    await dialog.getByLabel('First name').fill(first);
    await dialog.getByLabel('Last name').fill(last);
    await dialog.getByRole('textbox', { name: 'PIN', exact: true }).fill('482913');
    await dialog.getByRole('textbox', { name: 'PIN again' }).fill('482914');
    await dialog.getByRole('button', { name: 'Add employee' }).click();
    await expect(dialog.getByText('The two PINs do not match.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'PIN again' }).fill('482913');
    await dialog.getByRole('button', { name: 'Add employee' }).click();
    await expect(toast(page, `${first} ${last} was added.`)).toBeVisible();
    await findEmployee(page, last);
    await expect(page.getByRole('row').nth(1)).toContainText('Out');

    // At the kiosk.
    await page.goto('/employee-portal');
    for (const action of ['Clock In', 'Clock Out']) {
      await page.getByRole('button', { name: 'Q', exact: true }).click();
      await page.getByRole('button', { name: `${first} ${last}` }).click();
      await page.getByLabel('PIN', { exact: true }).fill('482913');
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').getByRole('button', { name: action }).click();
      await expect(toast(page, action === 'Clock In' ? `Clocked in as ${first} ${last}.` : `Clocked out as ${first} ${last}.`)).toBeVisible();
    }

    // Today's timesheet lists the shift.
    await page.goto('/employees');
    await page.getByRole('tab', { name: 'Timesheets' }).click();
    await page.getByRole('radiogroup', { name: 'Period' }).getByText('Day', { exact: true }).click();
    const sheet = page.getByRole('table', { name: 'Timesheet' });
    const row = sheet.getByRole('row').filter({ hasText: `${first} ${last}` });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: '1 shift' }).click();
    const shifts = page.getByRole('table', { name: `Shifts of ${first} ${last}` });
    await expect(shifts.getByRole('row')).toHaveCount(1);
    await expect(shifts.getByRole('row').first()).toContainText(/\d{1,2}:\d{2}\s(am|pm) C[SD]T.*\d{1,2}:\d{2}\s(am|pm) C[SD]T/);

    // The export is what is shown.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^timesheet-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await (await file.createReadStream()).toArray();
    // The file starts with a byte order mark, so that spreadsheets read it as UTF-8.
    const csv = Buffer.concat(text.map((c) => Buffer.from(c))).toString('utf8').replace(/^\uFEFF/, '');
    expect(csv.split('\n')[0]).toBe('employee_id,last_name,first_name,clock_in,clock_out,hours,flags');
    expect(csv).toContain(`${last},${first}`);
  });

  test('correct a punch and void another; the audit trail stands beside them', async ({ page }) => {
    await openEmployees(page);
    await findEmployee(page, 'Taylor');
    await page.getByRole('row').nth(1).getByRole('button', { name: 'Punches' }).click();
    const punches = page.getByRole('dialog', { name: 'Punches of Tom Taylor' });
    const first = punches.getByRole('row').nth(1);
    await first.getByRole('button', { name: 'Change time' }).click();

    const edit = page.getByRole('dialog', { name: 'Change a punch of Tom Taylor' });
    const time = edit.getByLabel('Time');
    const old = await time.inputValue();
    await time.fill(old.slice(0, -2) + (old.endsWith('01') ? '02' : '01'));
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('Every correction needs a reason.')).toBeVisible();
    await edit.getByLabel('Reason').fill('Badge reader was slow');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'The correction was saved.')).toBeVisible();

    const corrected = punches.getByRole('row').filter({ hasText: 'Badge reader was slow' });
    await expect(corrected).toContainText('Corrected');
    await expect(corrected.getByRole('list', { name: 'Audit trail' })).toContainText(/Dana Demo: changed .* to .*— Badge reader was slow/);

    // Void the next punch: it stays, struck through, with its reason.
    const second = punches.getByRole('row').nth(2);
    await second.getByRole('button', { name: 'Void' }).click();
    const voiding = page.getByRole('dialog', { name: 'Void a punch of Tom Taylor' });
    await voiding.getByLabel('Reason').fill('Punched twice by mistake');
    await voiding.getByRole('button', { name: 'Void' }).click();
    const voided = punches.getByRole('row').filter({ hasText: 'Punched twice by mistake' });
    await expect(voided).toContainText('Void');
    await expect(voided.getByRole('button', { name: 'Change time' })).toHaveCount(0);
  });

  test('who is in flags a forgotten clock-out, and staff close it', async ({ page }) => {
    await openEmployees(page);
    await page.getByRole('tab', { name: 'Who is in' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Dara Davies' });
    await expect(row).toContainText('Forgotten clock-out');
    await row.getByRole('button', { name: 'Close shift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a punch for Dara Davies' });
    const time = dialog.getByLabel('Time');
    const now = await time.inputValue();
    // Close it at 4 PM on the day it started (or now, whichever is earlier is fine for the server).
    await time.fill(now);
    await dialog.getByLabel('Reason').fill('Forgot to clock out; confirmed with Dara');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'The correction was saved.')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Dara Davies' })).toHaveCount(0);
  });

  test('the list sorts, searches and pages on the server', async ({ page }) => {
    await openEmployees(page);
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/staff/employees?')) requests.push(r.url());
    });
    await page.getByRole('button', { name: 'Last name' }).click();
    await expect(page.getByRole('row').nth(1)).toContainText('Zimmerman');
    expect(requests.some((u) => u.includes('sort=last_name') && u.includes('order=desc'))).toBe(true);

    // The page-size menu's button shows the size (the "Rows per page" label stands beside it).
    await page.getByRole('button', { name: '25', exact: true }).click();
    await page.getByRole('menuitem', { name: '10', exact: true }).click();
    await expect(page.getByRole('row')).toHaveCount(11);
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect(page.getByRole('row')).toHaveCount(11);
    expect(requests.some((u) => u.includes('page=2') && u.includes('page_size=10'))).toBe(true);

    await page.getByRole('textbox', { name: 'Search by name' }).fill('zzzz-nobody');
    await expect(page.getByText('No employees match.')).toBeVisible();
  });
});
