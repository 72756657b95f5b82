import { apiToken, expect, SIGNED_OUT, test } from './fixtures';

/**
 * Send numbers the invoice and queues a mail to the client with a link, which the page shows right after
 * sending (only its hash is kept: reading the invoice again gives no link). The test server has no mail
 * server (no --smtp-url), so the mail is only logged: the page says it was not mailed, never "Mailed to",
 * and offers the link to copy; the outgoing mail lists it as logged. The link opens the invoice signed
 * out, in a fresh browser context, read-only; the invoice page says when it was first opened; a new link
 * replaces the old one, which stops working; voiding revokes the link, which then says so.
 */
test('invoice link: sent, not mailed without a mail server, copied, opened signed out, replaced, revoked by voiding', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const stamp = Date.now().toString(36).toUpperCase();
  const post = async (path: string, data: object, status = 201) => {
    const res = await request.post(path, { headers, data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(status);
    return res.json();
  };
  const client = await post('/api/clients', { name: `Quayside Pantry ${stamp}`, email: `ap-${stamp.toLowerCase()}@quayside.example`, city: 'Duluth' });
  const draft = await post('/api/invoices', { client_id: client.id, lines: [{ description: 'Meal pouches packed', quantity: 120, unit_price_minor: 45 }] });

  await page.goto(`/payments/billing/${draft.id}`);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
  const doc = page.getByTestId('invoice-document');
  await expect(doc).toContainText(/INV-\d{4}-\d{4}/);
  await expect(page.getByTestId('invoice-mailed')).toHaveText('Not mailed: mail is not configured. Give the client the link yourself.');
  await expect(page.getByTestId('invoice-link')).not.toContainText('Mailed to');
  await expect(page.getByTestId('invoice-opened')).toHaveText('The client has not opened the link yet.');
  const shown = await page.getByTestId('invoice-public-url').inputValue();
  await page.getByTestId('invoice-link').getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByTestId('invoice-link').getByText('Link copied.')).toBeVisible();

  // The mail is in the outbox, logged and not sent; the page shows the link it carries, which the invoice
  // read again no longer names (nor claims was mailed).
  await expect
    .poll(async () => {
      const mails = await (await request.get('/api/users/mail', { headers })).json();
      return mails.mails.find((m: { kind: string; to: string }) => m.kind === 'invoice' && m.to === client.email)?.status;
    })
    .toBe('logged');
  const sent = await (await request.get(`/api/invoices/${draft.id}`, { headers })).json();
  expect(sent.public_path).toBeNull();
  expect(sent.mailed_at).toBeNull();
  expect(sent.has_link).toBe(true);
  const href = await page.getByTestId('invoice-public-link').getAttribute('href');
  const publicPath = new URL(href ?? '').pathname;
  expect(shown).toBe(href);
  expect(publicPath).toMatch(/^\/invoice-link\/[\w-]{40,}$/);

  // Signed out, in a fresh context: the invoice, read-only.
  const guest = await browser.newContext({ storageState: SIGNED_OUT });
  try {
    const outside = await guest.newPage();
    await outside.goto(publicPath);
    const pub = outside.getByTestId('invoice-document');
    await expect(pub).toContainText(sent.number);
    await expect(pub).toContainText(client.name);
    await expect(pub).toContainText('Meal pouches packed');
    await expect(outside.getByRole('button', { name: 'Print' })).toBeVisible();
    await expect(outside.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);
    await expect(outside).toHaveURL(new RegExp(`${publicPath}$`)); // not sent to sign in

    // The invoice page now says when the link was first opened.
    await page.reload();
    await expect(page.getByTestId('invoice-opened')).toContainText('The client first opened the link on');

    // A new link: the page warns that the old one stops working, then shows the new one; the old one
    // no longer opens the invoice, the new one does.
    await expect(page.getByTestId('invoice-public-link')).toHaveCount(0);
    await page.getByRole('button', { name: 'New link' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Make a new link' }).click();
    await expect(page.getByTestId('invoice-public-link')).toHaveAttribute('href', /\/invoice-link\/[\w-]{40,}$/);
    const renewed = new URL((await page.getByTestId('invoice-public-link').getAttribute('href')) ?? '').pathname;
    expect(renewed).not.toBe(publicPath);
    await outside.reload();
    await expect(outside.getByTestId('public-invoice-error')).toContainText('This invoice link does not exist.');
    await outside.goto(renewed);
    await expect(outside.getByTestId('invoice-document')).toContainText(sent.number);

    // Voided: the link no longer shows it, and says why.
    await post(`/api/invoices/${draft.id}/void`, { reason: 'Wrong quantity' }, 200);
    await outside.reload();
    await expect(outside.getByTestId('public-invoice-error')).toContainText(`Invoice ${sent.number} was voided; this link no longer shows it.`);
    await expect(outside.getByTestId('invoice-document')).toHaveCount(0);
  } finally {
    await guest.close();
  }
});
