import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Schema } from '@/lib/api';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { mockApi } from '@/test/api-mock';
import { server, VALID_TOKEN } from '@/test/msw';
import { renderApp, setupI18n, desktopMediaQueries } from '@/test/render';

const invoice = (id: number, number: string, over: Partial<Schema<'Invoice'>>): Schema<'Invoice'> => ({
  id, number, status: 'sent', client_id: 2, project_id: null, project_name: '',
  bill_to: { name: 'Harbor Grocers Foundation', email: 'giving@harbor.example', address: '1 Wacker Drive', city: 'Chicago', country: 'United States' },
  currency: 'USD', language: 'gb', tax_rate_bp: 0, notes: '', lines: [], subtotal_minor: 1000, tax_minor: 0, total_minor: 1000, paid_minor: 0,
  balance_minor: 1000, due_days: 30, issue_date: '2026-09-01', due_date: '2026-10-01', payments: [], created_at: '2026-09-01T10:00:00Z',
  updated_at: '2026-09-01T10:00:00Z', sent_at: '2026-09-01T10:00:00Z', paid_at: null, voided_at: null, void_reason: '', reissue_of: null, overdue: false,
  has_link: true, public_path: null, mailed_at: null, link_opened_at: null, mail: null,
  ...over,
});

describe('billing (/payments/billing)', () => {
  desktopMediaQueries();
  beforeAll(() => setupI18n('gb'));
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
  });

  it('shows Overdue for a sent invoice past its due date, and filters on it on the server', async () => {
    const statuses: (string | null)[] = [];
    const late = invoice(1, 'INV-2026-0001', { overdue: true });
    const current = invoice(2, 'INV-2026-0002', { due_date: '2099-01-01' });
    server.use(
      http.get('/api/settings', () => HttpResponse.json({ organisation_name: 'Packline', support_email: 's@p.org', time_zone: 'America/Chicago', currency: 'USD' })),
      mockApi.get('/api/invoices', ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        statuses.push(status);
        const list = status === 'overdue' ? [late] : [late, current];
        return HttpResponse.json({ invoices: list, total: list.length });
      }),
    );
    renderApp('/payments/billing');
    const lateRow = await screen.findByRole('row', { name: /INV-2026-0001/ }, { timeout: 15_000 });
    expect(within(lateRow).getByText('Overdue')).toBeInTheDocument();
    const currentRow = screen.getByRole('row', { name: /INV-2026-0002/ });
    expect(within(currentRow).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(currentRow).getByText('Sent')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Overdue' }));
    await waitFor(() => expect(statuses.at(-1)).toBe('overdue'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /INV-2026-0002/ })).not.toBeInTheDocument());
  });
});
