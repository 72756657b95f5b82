import type { Page } from '@playwright/test';
import { apiToken, expect, test, useSession } from './fixtures';

/**
 * The kiosk on the wall when the network drops, against the real binary: it
 * opens from its service worker's cache, takes punches while offline (sealed to the
 * server's key, kept in IndexedDB), and delivers them when the network returns; the
 * server records the right ones at the tablet's times, marked offline, refuses the
 * wrong PIN and tells staff, and a replayed delivery records nothing more.
 */

const toast = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').filter({ hasText: text });

interface Punch {
  id: number;
  kind: string;
  at: string;
  offline: boolean;
}

test.describe('kiosk offline', () => {
  // The kiosk is a public page on a tablet nobody signs in on. Its refused punch notifies
  // every admin (see the 'notifications' lock in fixtures.ts).
  test.use({ signedIn: false, exclusive: ['notifications'] });
  test.describe.configure({ timeout: 120_000 });

  test('keeps punches while offline and delivers them once when the network returns', async ({ page, context, request }) => {
    const token = await apiToken(request);
    const headers = { Authorization: `Bearer ${token}` };
    const tag = Date.now().toString(36).slice(-5);
    const add = async (first: string, pin: string) => {
      const res = await request.post('/api/employees', { headers, data: { first_name: first, last_name: `Quist${tag}`, pin } });
      expect(res.status()).toBe(201);
      return (await res.json()) as { employee_id: number; first_name: string; last_name: string };
    };
    const olga = await add('Olga', '4826');
    const pavel = await add('Pavel', '5937');
    const nameOf = (e: { first_name: string; last_name: string }) => `${e.first_name} ${e.last_name}`;

    await page.goto('/employee-portal');
    await expect(page.getByRole('button', { name: nameOf(olga) })).toBeVisible();
    // The service worker took over and the kiosk's page, list and key are in its caches.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            if (!navigator.serviceWorker.controller) return false;
            const pages = await caches.open('kiosk-pages');
            const api = await caches.open('kiosk-api');
            return Boolean((await pages.match('/employee-portal', { ignoreVary: true })) && (await api.match('/api/employees', { ignoreVary: true })));
          }),
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('packline.kiosk.offline-key'))).toContain('public_key');

    // The network drops; the kiosk reloads from its cache and still lists everyone.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Employee Clock In/Out' })).toBeVisible();
    await expect(page.getByRole('button', { name: nameOf(olga) })).toBeVisible();
    await expect(page.getByText('Offline', { exact: true })).toBeVisible();

    const punchOffline = async (who: string, pin: string, save: 'Save clock-in' | 'Save clock-out') => {
      await page.getByRole('button', { name: 'Q', exact: true }).click();
      await page.getByRole('button', { name: who }).click();
      const dialog = page.getByRole('dialog', { name: `Enter PIN for ${who}` });
      // The number pad.
      for (const d of pin) await dialog.getByRole('group', { name: 'Number pad' }).getByRole('button', { name: d, exact: true }).click();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect(toast(page, 'Network error validating PIN.').first()).toBeVisible();
      await page.getByRole('dialog', { name: `No connection: ${who}` }).getByRole('button', { name: save }).click();
      const saved = page.getByText(new RegExp(`^Clock-(in|out) saved for ${who} at`));
      await expect(saved).toBeVisible();
      await saved.click(); // a tap ends the confirmation early
      await expect(saved).toBeHidden();
    };
    await punchOffline(nameOf(olga), '4826', 'Save clock-in');
    await expect(page.getByText('1 punch waiting')).toBeVisible();
    await punchOffline(nameOf(olga), '4826', 'Save clock-out'); // the kiosk knows she is in
    await punchOffline(nameOf(pavel), '0000', 'Save clock-in'); // a wrong PIN: it cannot be told yet
    await expect(page.getByText('3 punches waiting')).toBeVisible();

    // What waits: the tablet's times; nothing readable about a PIN.
    const kept = await page.evaluate(
      () =>
        new Promise<{ key: string; employee_id: number; action: string; at: string }[]>((resolve, reject) => {
          const req = indexedDB.open('packline-kiosk');
          req.onerror = () => reject(req.error);
          req.onsuccess = () => {
            const all = req.result.transaction('punches').objectStore('punches').index('seq').getAll();
            all.onsuccess = () => resolve(all.result);
            all.onerror = () => reject(all.error);
          };
        }),
    );
    expect(kept.map((p) => [p.employee_id, p.action])).toEqual([
      [olga.employee_id, 'clockin'],
      [olga.employee_id, 'clockout'],
      [pavel.employee_id, 'clockin'],
    ]);
    // No PIN in clear: only the sealed box holds it. (The whole record is not searched for the
    // digits: its times and random bytes hold any four digits now and then.)
    const clear = kept.map((p) => {
      const { sealed, ...rest } = p as typeof p & { sealed: Record<string, string> };
      return { ...rest, sealed: Object.keys(sealed).sort() };
    });
    for (const c of clear) {
      expect(c.sealed).toEqual(['ciphertext', 'ephemeral_key', 'iv', 'key', 'key_id']);
      expect(Object.keys(c).sort()).toEqual(['action', 'at', 'employee_id', 'key', 'sealed', 'seq']);
    }

    // The network returns: the three go in order, in one request.
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/kiosk/offline-punches') && r.method() === 'POST');
    await context.setOffline(false);
    const body = (await sent).postData()!;
    await expect(toast(page, '2 saved punches were sent.')).toBeVisible();
    await expect(toast(page, '1 saved punch was refused; staff have been told.')).toBeVisible();
    await expect(page.getByText(/punch(es)? waiting/)).toBeHidden();
    expect((JSON.parse(body) as { punches: { key: string }[] }).punches.map((p) => p.key)).toEqual(kept.map((p) => p.key));

    // Olga's two punches, once each, at the tablet's times, marked offline; none for Pavel.
    const punches = async (id: number) =>
      ((await (await request.get(`/api/staff/employees/${id}/punches`, { headers })).json()) as { punches: Punch[] }).punches;
    const hers = await punches(olga.employee_id);
    expect(hers.map((p) => [p.kind, new Date(p.at).toISOString(), p.offline])).toEqual([
      ['out', kept[1].at, true],
      ['in', kept[0].at, true],
    ]);
    expect(await punches(pavel.employee_id)).toEqual([]);

    // Staff were told of the wrong PIN.
    const told = async () =>
      (
        (await (await request.get('/api/notifications?kind=offline_punch_refused&limit=100', { headers })).json()) as {
          notifications: { params: Record<string, string> }[];
        }
      ).notifications.filter((n) => n.params.employee_id === String(pavel.employee_id));
    const notices = await told();
    expect(notices).toHaveLength(1);
    expect(notices[0].params).toMatchObject({ name: nameOf(pavel), action: 'clockin', reason: 'pin.incorrect', at: kept[2].at.replace(/\.\d+Z$/, 'Z') });

    // Replaying the delivery records nothing more and answers as the first time.
    const replay = await request.post('/api/kiosk/offline-punches', { data: JSON.parse(body) });
    expect(replay.status()).toBe(200);
    const again = (await replay.json()) as { results: { key: string; status: string; code: string }[] };
    expect(again.results.map((r) => [r.status, r.code])).toEqual([
      ['recorded', 'punch.offline_recorded'],
      ['recorded', 'punch.offline_recorded'],
      ['refused', 'pin.incorrect'],
    ]);
    expect(await punches(olga.employee_id)).toHaveLength(2);
    expect(await told()).toHaveLength(1);

    // In the office (the same browser, signed in now), her punches are marked for review.
    await useSession(page);
    await page.goto(`/employees?punches=${olga.employee_id}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Offline', { exact: true })).toHaveCount(2);

    // Today's timesheet: one shift, from her two offline punches' times, flagged for review.
    const hm = (iso: string) => {
      const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', hour: 'numeric', minute: '2-digit' }).formatToParts(new Date(iso));
      const part = (type: string) => parts.find((p) => p.type === type)!.value;
      return `${part('hour')}:${part('minute')}\\s${part('dayPeriod').toLowerCase()}`;
    };
    await page.goto('/employees');
    await page.getByRole('tab', { name: 'Timesheets' }).click();
    await page.getByRole('radiogroup', { name: 'Period' }).getByText('Day', { exact: true }).click();
    const row = page.getByRole('table', { name: 'Timesheet' }).getByRole('row').filter({ hasText: nameOf(olga) });
    await row.getByRole('button', { name: '1 shift' }).click();
    const shift = page.getByRole('table', { name: `Shifts of ${nameOf(olga)}` }).getByRole('row');
    await expect(shift).toHaveCount(1);
    await expect(shift.first()).toContainText(new RegExp(`${hm(kept[0].at)}.*${hm(kept[1].at)}`));
    await expect(shift.first().getByText('Offline', { exact: true })).toBeVisible();
  });
});
