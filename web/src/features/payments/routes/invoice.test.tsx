import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Schema } from '@/lib/api';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { mockApi } from '@/test/api-mock';
import { server, VALID_TOKEN } from '@/test/msw';
import { renderApp, setupI18n, desktopMediaQueries } from '@/test/render';

const base: Schema<'Invoice'> = {
  id: 5, number: null, status: 'draft', client_id: 2, project_id: null, project_name: '',
  bill_to: { name: 'Harbor Grocers Foundation', email: 'giving@harbor.example', address: '1 Wacker Drive', city: 'Chicago', country: 'United States' },
  currency: 'USD', language: 'gb', tax_rate_bp: 0, notes: '', lines: [{ description: 'Meals packed', quantity: 100, unit_price_minor: 10, amount_minor: 1000 }],
  subtotal_minor: 1000, tax_minor: 0, total_minor: 1000, paid_minor: 0, balance_minor: 1000, due_days: 30, issue_date: null, due_date: null,
  payments: [], created_at: '2026-09-01T10:00:00Z', updated_at: '2026-09-01T10:00:00Z', sent_at: null, paid_at: null, voided_at: null,
  void_reason: '', reissue_of: null, overdue: false, has_link: false, public_path: null, mailed_at: null, link_opened_at: null, mail: null,
};
const sent: Schema<'Invoice'> = {
  ...base, number: 'INV-2026-0005', status: 'sent', issue_date: '2026-09-02', due_date: '2026-10-02', sent_at: '2026-09-02T10:00:00Z',
  mailed_at: '2026-09-02T10:00:00Z', has_link: true,
};

/** The invoice page's API: the invoice as printed (read: never with its link's path), send and new link. */
function serve(first: Schema<'Invoice'>, mail: 'queued' | 'logged' = 'queued') {
  let current = first;
  const links: number[] = [];
  server.use(
    http.get('/api/settings', () => HttpResponse.json({ organisation_name: 'Packline', support_email: 's@p.org', time_zone: 'America/Chicago', currency: 'USD' })),
    mockApi.get('/api/invoices/{id}/print', () =>
      HttpResponse.json({ invoice: current, primary_method: null, organisation_name: 'Packline', support_email: 's@p.org' }),
    ),
    mockApi.post('/api/invoices/{id}/send', () => {
      current = mail === 'queued' ? sent : { ...sent, mailed_at: null };
      return HttpResponse.json({ ...current, public_path: '/invoice-link/sent-token-0123456789', mail });
    }),
    mockApi.post('/api/invoices/{id}/link', ({ params }) => {
      links.push(Number(params.id));
      current = { ...current, link_opened_at: null };
      return HttpResponse.json({ ...current, public_path: `/invoice-link/new-token-${links.length}` });
    }),
  );
  return links;
}

describe('invoice link (/payments/billing/:id)', () => {
  desktopMediaQueries();
  beforeAll(() => setupI18n('gb'));
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
  });

  it('shows the link sending made, from the send’s answer', async () => {
    serve(base);
    renderApp('/payments/billing/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send' }, { timeout: 15_000 }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    const box = await screen.findByTestId('invoice-link');
    await waitFor(() => expect(within(box).getByTestId('invoice-public-link')).toHaveAttribute('href', `${window.location.origin}/invoice-link/sent-token-0123456789`));
    expect(within(box).getByTestId('invoice-public-url')).toHaveValue(`${window.location.origin}/invoice-link/sent-token-0123456789`);
    expect(within(box).getByTestId('invoice-mailed')).toHaveTextContent(/^Mailed to giving@harbor\.example on /);
    expect(within(box).queryByRole('button', { name: 'New link' })).not.toBeInTheDocument();
  });

  it('says the invoice was not mailed when mail is only logged, and copies its link', async () => {
    serve(base, 'logged');
    renderApp('/payments/billing/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send' }, { timeout: 15_000 }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    const box = await screen.findByTestId('invoice-link');
    await waitFor(() => expect(within(box).getByTestId('invoice-mailed')).toHaveTextContent('Not mailed: mail is not configured. Give the client the link yourself.'));
    expect(box).not.toHaveTextContent('Mailed to');
    const url = `${window.location.origin}/invoice-link/sent-token-0123456789`;
    expect(within(box).getByLabelText("Link to the client's page")).toHaveValue(url);
    await user.click(within(box).getByRole('button', { name: 'Copy link' }));
    expect(await within(box).findByText('Link copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(url);
  });

  it('says why a sent invoice was never mailed when the server has no mail server', async () => {
    server.use(
      mockApi.get('/api/settings/public', () =>
        HttpResponse.json({ organisation_name: 'Packline', support_email: 's@p.org', time_zone: 'America/Chicago', mail_configured: false }),
      ),
    );
    serve({ ...sent, mailed_at: null });
    renderApp('/payments/billing/5');
    const box = await screen.findByTestId('invoice-link', {}, { timeout: 15_000 });
    await waitFor(() => expect(within(box).getByTestId('invoice-mailed')).toHaveTextContent('Not mailed: mail is not configured.'));
    expect(within(box).getByRole('button', { name: 'New link' })).toBeInTheDocument();
  });

  it('offers a new link, after a warning that the old one stops working, and shows it', async () => {
    const links = serve(sent);
    renderApp('/payments/billing/5');
    const box = await screen.findByTestId('invoice-link', {}, { timeout: 15_000 });
    expect(within(box).queryByTestId('invoice-public-link')).not.toBeInTheDocument();
    expect(within(box).getByText('The link is shown only when it is made. To give the client the link again, make a new one.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(box).getByRole('button', { name: 'New link' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent("The client's current link stops working at once");
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(links).toEqual([]);

    await user.click(within(box).getByRole('button', { name: 'New link' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make a new link' }));
    await waitFor(() => expect(within(box).getByTestId('invoice-public-link')).toHaveAttribute('href', `${window.location.origin}/invoice-link/new-token-1`));
    expect(links).toEqual([5]);
    expect(within(box).getByText('Copy this link now: it is shown only this once, and Packline keeps no copy of it.')).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('offers no link for a void invoice', async () => {
    serve({ ...sent, status: 'void', has_link: false, voided_at: '2026-09-03T10:00:00Z', void_reason: 'Wrong client' });
    renderApp('/payments/billing/5');
    const box = await screen.findByTestId('invoice-link', {}, { timeout: 15_000 });
    expect(within(box).getByText("Voided: the client's link no longer shows this invoice.")).toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: 'New link' })).not.toBeInTheDocument();
  });
});
