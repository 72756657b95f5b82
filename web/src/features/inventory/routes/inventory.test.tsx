import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import type { Schema } from '@/lib/api';
import { mockApi } from '@/test/api-mock';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { server, VALID_TOKEN } from '@/test/msw';
import { renderApp, renderWithProviders, setupI18n } from '@/test/render';
import { QueryProvider } from '@/components/query-provider';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { BatchesPanel } from '../components/batches-panel';
import { InventoryDialogs, type InventoryDialog } from '../components/dialogs';

const batch = (id: number, code: string, on_hand: number, expires_at: string | null): Schema<'Batch'> => ({
  id, item_id: 1, code, on_hand, received_at: '2025-08-01', expires_at, source: 'Harvest Foods', source_type: 'supplier',
  notes: '', created_at: '2025-08-01T15:00:00Z', held_by: null,
});
const rice: Schema<'Item'> = {
  id: 1, sku: 'RICE-LG', name: 'Long-grain rice', kind: 'raw_material', unit: 'kg', category: 'Grains', location: 'Dry store A',
  reorder_level: 100, notes: '', servings_per_unit: null, unit_cost: null, shelf_life_days: null, archived: false, on_hand: 62.5, low_stock: true, created_at: '2025-08-01T15:00:00Z',
  updated_at: '2025-08-01T15:00:00Z', batches: [batch(11, 'RICE-A', 12.5, '2025-09-01'), batch(12, 'RICE-B', 50, null)],
};

function inventoryApi(calls: { method: string; url: string; body?: unknown }[]) {
  server.use(
    mockApi.get('/api/inventory/items', ({ request }) => {
      calls.push({ method: 'GET', url: request.url });
      return HttpResponse.json({ items: [rice], total: 1, page: 1, page_size: 25 });
    }),
    mockApi.get('/api/inventory/facets', () => HttpResponse.json({ categories: ['Grains'], locations: ['Dry store A'], units: ['kg'] })),
    mockApi.get('/api/inventory/warnings', () => HttpResponse.json({ low_stock: [rice], expiring: [], expiring_within_days: 30 })),
    mockApi.post('/api/inventory/moves', async ({ request }) => {
      const body = await request.json();
      calls.push({ method: 'POST', url: request.url, body });
      return HttpResponse.json(
        { id: 99, batch_id: body.batch_id, item_id: 1, reason: 'adjust', quantity: body.quantity ?? 0, balance_after: 10, counted: null,
          note: 'x', reverses_id: null, reverses_reason: null, reversed_by_id: null, document: null, owner: null, user_id: 1, user_name: 'Dana', created_at: '2025-08-02T15:00:00Z' },
        { status: 201 },
      );
    }),
    mockApi.post('/api/inventory/import/preview', () =>
      HttpResponse.json({
        valid: false, errors: [], rows_with_errors: 1, items_to_create: 1, batches_to_create: 1,
        rows: [
          { line: 2, sku: 'BAG', name: 'Bag', kind: '', unit: 'each', category: '', location: '', reorder_level: 0, batch_code: '',
            quantity: 0, received_at: '', expires_at: '', source: '', source_type: '', new_item: true, has_stock: false, errors: [{ field: 'kind', code: 'required', params: { field: 'kind' }, message: 'kind is required' }] },
        ],
      }),
    ),
  );
}

describe('inventory page', () => {
  beforeAll(() => setupI18n('gb'));
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
  });

  it('groups batches under their item, totals add up, and an adjustment needs a reason', async () => {
    const calls: { method: string; url: string; body?: unknown }[] = [];
    inventoryApi(calls);
    function Harness() {
      const [dialog, setDialog] = useState<InventoryDialog>(null);
      return (
        <>
          <BatchesPanel item={rice} today="2025-08-15" open={setDialog} />
          <InventoryDialogs dialog={dialog} onClose={() => setDialog(null)} />
        </>
      );
    }
    renderWithProviders(
      <QueryProvider>
        <MemoryRouter>
          <Harness />
        </MemoryRouter>
      </QueryProvider>,
    );
    const batches = await screen.findByRole('table', { name: 'Batches of RICE-LG' });
    const rows = within(batches).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('RICE-A'); // oldest expiry first, as the server sends them
    expect(rows[1]).toHaveTextContent('1 Sept 2025 · in 17 days');
    expect(within(batches).getByText('Total on hand').closest('tr')).toHaveTextContent('62.5 kg');

    const user = userEvent.setup();
    await user.click(within(batches).getByRole('button', { name: 'Adjust batch RICE-A' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Quantity \(kg\)/), '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    expect(await within(dialog).findByText('Say why the stock changes.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Reason/), 'Torn sack');
    await user.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ batch_id: 11, reason: 'adjust', quantity: -2.5, note: 'Torn sack' });
  });

  it('asks the server for the list with its sort and filters', async () => {
    const calls: { method: string; url: string; body?: unknown }[] = [];
    inventoryApi(calls);
    renderApp('/inventory?sort=on_hand&order=desc&low_stock=true');
    expect(await screen.findByRole('button', { name: 'Import CSV' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url.includes('sort=on_hand') && c.url.includes('order=desc') && c.url.includes('low_stock=true'))).toBe(true));
  });

  it('previews an import and shows each row’s errors before anything is written', async () => {
    inventoryApi([]);
    renderApp('/inventory');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog');
    const file = new File(['sku,name,unit\nBAG,Bag,each\n'], 'items.csv', { type: 'text/csv' });
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type=file]')!, file);
    const errors = await within(dialog).findByRole('table', { name: 'Rows with errors' });
    expect(errors).toHaveTextContent('kind is required.');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('says the list failed, with the reason, instead of "No items match", and reloads it', async () => {
    inventoryApi([]);
    let failing = true;
    server.use(
      mockApi.get('/api/inventory/items', () =>
        failing
          ? HttpResponse.json({ error: 'The database is busy; try again.', code: 'unavailable', params: {} }, { status: 503 })
          : HttpResponse.json({ items: [rice], total: 1, page: 1, page_size: 25 }),
      ),
    );
    renderApp('/inventory?search=rice');
    const alert = (await screen.findByText('This list could not be loaded.', {})).closest<HTMLElement>('[role="alert"]')!;
    // The reason, in the reader's language (its code), not the English fallback.
    expect(alert).toHaveTextContent('The server is busy. Try again in a moment.');
    expect(screen.queryByText('No items match.')).not.toBeInTheDocument();
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Long-grain rice')).toBeInTheDocument();
    expect(screen.queryByText('This list could not be loaded.')).not.toBeInTheDocument();
  });
});
