import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryProvider } from '@/components/query-provider';
import type { Schema } from '@/lib/api';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { mockApi } from '@/test/api-mock';
import { server, VALID_TOKEN } from '@/test/msw';
import { renderWithProviders, setupI18n } from '@/test/render';
import RecallPage, { byDestination } from './recall';

const recall: Schema<'Recall'> = {
  id: 3, number: 'RCL-0003', batch_id: 11, batch_code: 'RICE-A', item_name: 'Rice', item_sku: 'RICE-LG', reason: 'Supplier recall',
  notes: '', status: 'open', opened_by: 1, opened_by_name: 'Dana Demo', opened_at: '2026-11-25T15:00:00Z', closed_by: null,
  closed_by_name: '', closed_at: null, batches: 4,
};
const line = (destination: string, contact: string, number: string, batch: number, quantity: number, partner_id: number | null = null): Schema<'RecallLine'> => ({
  destination, contact, address: '1 Quay St', shipment_id: batch, number, ship_date: '2026-11-24', status: 'shipped', batch_id: batch,
  batch_code: `CASE-${batch}`, expires_at: null, item_sku: 'CASE', item_name: 'Case', quantity, unit: 'case', partner_id,
});

describe('recall page', () => {
  beforeAll(() => setupI18n('gb'));
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
  });

  it('lists every partner once with their shipments, and releases the recall', async () => {
    let released: unknown = null;
    server.use(
      mockApi.get('/api/recalls/{id}', () =>
        Response.json({
          recall: released ? { ...recall, status: 'closed' as const } : recall,
          lines: [line('Harbour Foods', 'Jo 0123', 'SHP-2026-0001', 21, 2), line('Harbour Foods', 'Jo 0123', 'SHP-2026-0004', 22, 1), line('Quay Kitchen', 'Lee', 'SHP-2026-0002', 23, 3)],
        }),
      ),
      mockApi.post('/api/recalls/{id}/release', async ({ request }) => {
        released = await request.json();
        return Response.json({ ...recall, status: 'closed' as const });
      }),
    );
    renderWithProviders(
      <QueryProvider>
        <MemoryRouter initialEntries={['/inventory/recalls/3']}>
          <Routes>
            <Route path="/inventory/recalls/:id" element={<RecallPage />} />
          </Routes>
        </MemoryRouter>
      </QueryProvider>,
    );
    expect(await screen.findByRole('heading', { level: 2, name: '2 partners received it' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: '2 partners received it' });
    expect(within(table).getAllByText('Harbour Foods')).toHaveLength(1);
    expect(within(table).getAllByTestId('recall-line')).toHaveLength(3);
    expect(within(table).getByRole('link', { name: 'SHP-2026-0004' })).toHaveAttribute('href', '/shipping-log?search=SHP-2026-0004');
    await userEvent.click(screen.getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(released).toEqual({}));
  });
});

describe('the recall list’s destinations', () => {
  it('keeps a partner’s lines together whatever its shipments called it, and a one-off destination apart', () => {
    const groups = byDestination([
      line('Eastside Community Pantry', 'Maria', 'SHP-2026-0003', 31, 1),
      line('Eastside Community Pantry', 'Maria', 'SHP-2026-0001', 32, 1, 4),
      line('Eastside Pantry, back dock', 'Maria', 'SHP-2026-0002', 33, 1, 4),
    ]);
    expect(groups.map(([name, ls]) => [name, ls.map((l) => l.number)])).toEqual([
      ['Eastside Community Pantry', ['SHP-2026-0003']],
      ['Eastside Community Pantry', ['SHP-2026-0001', 'SHP-2026-0002']],
    ]);
  });
});
