import type { Browser, Page } from '@playwright/test';
import { createAccount, expect, serverDB, test } from './fixtures';

/**
 * Two people, two browsers. One starts a topic and sends a message; the other
 * sees the bell count rise and the message arrive without reloading (the live stream).
 */

// The second account goes straight into the server's database (`packline user create`),
// so that no other test reads or marks its notifications; without PACKLINE_E2E_DB (an
// external server) the demo's second account, Sam, is used.
const PASSWORD = 'chat-check-0123';

function secondAccount(run: string) {
  if (!serverDB) return { email: 'sam@packline.local', password: 'packline-demo', name: 'Sam Staff' };
  const email = `rui.costa.${run}@example.org`;
  createAccount({ email, password: PASSWORD, first: 'Rui', last: 'Costa', role: 'staff' });
  return { email, password: PASSWORD, name: 'Rui Costa' };
}

/** A browser of the colleague's own, signed in through the API (signing in is not what is tested here). */
async function signInAs(browser: Browser, baseURL: string, email: string, password: string): Promise<Page> {
  const res = await fetch(new URL('/api/login', baseURL), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, remember: true }),
  });
  expect(res.ok).toBeTruthy();
  const { token } = (await res.json()) as { token: string };
  const context = await browser.newContext({
    locale: 'en-US',
    timezoneId: 'America/Chicago',
    storageState: {
      cookies: [],
      origins: [
        {
          origin: new URL(baseURL).origin,
          localStorage: [
            { name: 'packline.language', value: 'gb' },
            { name: 'packline.color-scheme', value: 'light' },
            { name: 'packline.token', value: token },
          ],
        },
      ],
    },
  });
  const page = await context.newPage();
  await page.goto('/dashboard');
  return page;
}

// The colleague's bell must read 0 once everything is marked read, and the new topic
// notifies every user: no other test raising such notices runs meanwhile.
test.use({ exclusive: ['notifications'] });

const unread = async (page: Page) => Number(await page.getByTestId('notifications-button').getAttribute('data-unread'));

test('a topic and a message reach a colleague live: the bell count rises, the message appears', async ({ page, browser, baseURL }) => {
  const run = Date.now().toString(36);
  const other = secondAccount(run);
  const topic = `Line check ${run}`;

  // The colleague waits on the dashboard; a marker shows the page is never reloaded.
  const colleague = await signInAs(browser, baseURL!, other.email, other.password);
  await colleague.evaluate(() => ((window as unknown as { e2eMarker: string }).e2eMarker = 'same page'));
  await expect(colleague.getByTestId('notifications-button')).toHaveAttribute('data-unread', /\d+/);
  const before = await unread(colleague);

  // Dana starts a topic and sends a message mentioning nobody.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Chat' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
  await page.getByRole('button', { name: 'New topic' }).click();
  await page.getByLabel(/Topic name/).fill(topic);
  await page.getByRole('button', { name: 'Start topic' }).click();
  await expect(page.getByText(`# ${topic}`)).toBeVisible();
  await page.getByTestId('chat-input').fill(`Hello from Dana ${run}`);
  await page.getByTestId('chat-input').press('Enter');
  await expect(page.getByTestId('chat-message').filter({ hasText: `Hello from Dana ${run}` })).toBeVisible();

  // The colleague's bell counts the new topic, live.
  await expect.poll(() => unread(colleague)).toBeGreaterThan(before);
  await colleague.getByTestId('notifications-button').click();
  const note = colleague.getByRole('button', { name: /Dana Demo started a new topic/ }).first();
  await expect(note).toBeVisible();
  await note.click();
  await expect(colleague).toHaveURL(/\/chat\?topic=\d+$/);
  await expect(colleague.getByTestId('chat-message').filter({ hasText: `Hello from Dana ${run}` })).toBeVisible();

  // A message sent now appears for the colleague as it is sent.
  await page.getByTestId('chat-input').fill(`Second message ${run}, @${other.name.split(' ')[0]}`);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(colleague.getByTestId('chat-message').filter({ hasText: `Second message ${run}` })).toBeVisible();
  // The mention is a notification too; mark them all read.
  await expect.poll(() => unread(colleague)).toBeGreaterThan(0);
  await colleague.getByTestId('notifications-button').click();
  await expect(colleague.getByRole('button', { name: /Dana Demo sent a message/ }).first()).toBeVisible();
  await colleague.getByRole('button', { name: 'Mark as read', exact: true }).click();
  await expect.poll(() => unread(colleague)).toBe(0);

  expect(await colleague.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe('same page');
  await colleague.context().close();
});
