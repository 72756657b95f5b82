import { apiToken, expect, SIGNED_OUT, test } from './fixtures';

/**
 * Send numbers the invoice and mails the client a link; the link opens the invoice
 * signed out, in a fresh browser context, read-only; the invoice page says when it was mailed
 * and first opened; voiding revokes the link, which then says so.
 */
test('invoice link: sent, mailed, opened signed out, revoked by voiding', async ({ page, request, browser }) => {
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
  await expect(page.getByTestId('invoice-mailed')).toContainText(`Mailed to ${client.email} on`);
  await expect(page.getByTestId('invoice-opened')).toHaveText('The client has not opened the link yet.');

  // The mail is in the outbox, and the invoice names its link.
  const mails = await (await request.get('/api/users/mail', { headers })).json();
  expect(mails.mails.find((m: { kind: string; to: string }) => m.kind === 'invoice' && m.to === client.email)).toBeTruthy();
  const sent = await (await request.get(`/api/invoices/${draft.id}`, { headers })).json();
  expect(sent.public_path).toMatch(/^\/invoice-link\/[\w-]{40,}$/);
  await expect(page.getByTestId('invoice-public-link')).toHaveAttribute('href', new RegExp(`${sent.public_path}$`));

  // Signed out, in a fresh context: the invoice, read-only.
  const guest = await browser.newContext({ storageState: SIGNED_OUT });
  try {
    const outside = await guest.newPage();
    await outside.goto(sent.public_path);
    const pub = outside.getByTestId('invoice-document');
    await expect(pub).toContainText(sent.number);
    await expect(pub).toContainText(client.name);
    await expect(pub).toContainText('Meal pouches packed');
    await expect(outside.getByRole('button', { name: 'Print' })).toBeVisible();
    await expect(outside.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);
    await expect(outside).toHaveURL(new RegExp(`${sent.public_path}$`)); // not sent to sign in

    // The invoice page now says when the link was first opened.
    await page.reload();
    await expect(page.getByTestId('invoice-opened')).toContainText('The client first opened the link on');

    // Voided: the link no longer shows it, and says why.
    await post(`/api/invoices/${draft.id}/void`, { reason: 'Wrong quantity' }, 200);
    await outside.reload();
    await expect(outside.getByTestId('public-invoice-error')).toContainText(`Invoice ${sent.number} was voided; this link no longer shows it.`);
    await expect(outside.getByTestId('invoice-document')).toHaveCount(0);
  } finally {
    await guest.close();
  }
});
