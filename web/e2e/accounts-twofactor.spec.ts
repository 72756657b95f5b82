import AxeBuilder from '@axe-core/playwright';
import { createHmac } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { account, expect, signIn, test } from './fixtures';

/** RFC 6238 TOTP (SHA-1, six digits, 30-second steps) of a base32 secret at a time. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secret.replace(/=+$/, '')].map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0')).join('');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const h = createHmac('sha1', key).update(counter).digest();
  const offset = h[h.length - 1] & 0xf;
  return ((h.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, '0');
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Turns the account's two-factor sign-in off again (through a recovery code), whatever the test left. */
async function turnOff(request: APIRequestContext, recovery: string[]) {
  const res = await request.post('/api/login', { data: { ...account(), remember: false } });
  const body = await res.json();
  let token: string | undefined = body.token;
  for (const code of recovery) {
    if (token) break;
    const r = await request.post('/api/login/2fa', { data: { challenge: body.challenge, code } });
    if (r.ok()) token = (await r.json()).token;
  }
  if (!token) return;
  await request.patch('/api/user/2fa', {
    headers: { Authorization: `Bearer ${token}` },
    data: { is2FAEnabled: false, password: account().password },
  });
}

// Signing in (with a code) is what is tested: the test starts signed out, as the worker's
// own account, whose sessions and two-factor setting no other test running meanwhile sees.
test.use({ signedIn: false });

test('turn two-factor sign-in on, sign in with a code, sign out another session', async ({ page, request, playwright }) => {
  // A long flow (two accessibility scans, a refused and an accepted turn-on, two sign-ins): on a
  // busy machine it outlasts the default minute.
  test.slow();
  const recovery: string[] = [];
  try {
    await signIn(page);
    // A second session, from another browser.
    const firefox = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL, userAgent: FIREFOX });
    const other = (await (await firefox.post('/api/login', { data: { ...account(), remember: false } })).json()).token as string;
    const otherHeaders = { Authorization: `Bearer ${other}` };
    expect((await firefox.get('/api/user', { headers: otherHeaders })).status()).toBe(200);

    await page.goto('/preferences');
    const twoFactor = page.getByTestId('two-factor-section');
    await twoFactor.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await expect(twoFactor.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
    const secret = (await twoFactor.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expect(page.getByTestId('session-row').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await twoFactor.getByLabel('6-digit code from the app').fill(totp(secret));
    // Turning on needs the password too: a wrong one is refused under its field, nothing turns on.
    const password = twoFactor.getByLabel('Your password', { exact: false });
    await password.fill('not the password');
    await twoFactor.getByRole('button', { name: 'Turn on' }).click();
    await expect(twoFactor.getByText('The password is not correct.')).toBeVisible();
    await expect(twoFactor.getByTestId('recovery-codes')).toHaveCount(0);
    await password.fill(account().password);
    await twoFactor.getByLabel('6-digit code from the app').fill(totp(secret));
    await twoFactor.getByRole('button', { name: 'Turn on' }).click();
    const codes = twoFactor.getByTestId('recovery-codes');
    await expect(codes.getByRole('listitem')).toHaveCount(10);
    recovery.push(...(await codes.getByRole('listitem').allTextContents()).map((c) => c.trim()));
    await codes.getByRole('button', { name: 'I have saved them' }).click();
    await expect(twoFactor.getByText('On', { exact: true })).toBeVisible();
    await expect(twoFactor.getByText('10 recovery codes left')).toBeVisible();

    // The other session is listed with its browser; signing it out ends it.
    const sessions = page.getByTestId('sessions-section');
    const row = sessions.getByTestId('session-row').filter({ hasText: 'Firefox · Windows' });
    await expect(row).toHaveCount(1);
    await expect(sessions.getByTestId('session-row').filter({ hasText: 'This session' })).toHaveCount(1);
    await row.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('dialog', { name: 'Sign out this session?' }).getByRole('button', { name: 'Sign out' }).click();
    await expect(row).toHaveCount(0);
    expect((await firefox.get('/api/user', { headers: otherHeaders })).status()).toBe(401);
    await firefox.dispose();

    // Signing in now asks for a code after the password.
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth\/login/);
    await page.getByLabel('Email').fill(account().email);
    await page.getByLabel(/^Password/).fill(account().password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const code = page.getByLabel('Authentication code');
    await expect(code).toBeVisible();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await code.fill('000000' === totp(secret) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid code.');
    expect(await seriousViolations(page)).toEqual([]);
    // The code that turned it on is spent; the next step's code is accepted already.
    await code.fill(totp(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // A recovery code works once.
    const first = await request.post('/api/login', { data: { ...account(), remember: false } });
    const { challenge } = await first.json();
    expect((await request.post('/api/login/2fa', { data: { challenge, code: recovery[0] } })).status()).toBe(200);
    const again = (await (await request.post('/api/login', { data: { ...account(), remember: false } })).json()).challenge;
    expect((await request.post('/api/login/2fa', { data: { challenge: again, code: recovery[0] } })).status()).toBe(401);
  } finally {
    await turnOff(request, recovery.slice(1));
  }
});
