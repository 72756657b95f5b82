import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { Schema } from '@/lib/api';
import { mockApi } from '@/test/api-mock';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { server, VALID_TOKEN } from '@/test/msw';
import { renderWithProviders, setupI18n } from '@/test/render';
import { QueryProvider } from '@/components/query-provider';
import { PackingSlip, unitTotals } from './packing-slip';

const shipment: Schema<'Shipment'> = {
  id: 3, number: 'SHP-2026-0003', status: 'shipped', ship_date: '2026-03-02',
  destination: { name: 'Harbour Foods', address: '1 Quay St\nPortsmouth', contact: 'Jo 0123' },
  carrier: 'DHL', tracking_number: 'TRK-77', pallets: 2, weight_kg: 412.5, notes: 'Keep dry',
  lines: [
    { batch_id: 1, item_id: 9, quantity: 36, batch_code: 'MEAL-RS6-0301', expires_at: '2026-09-01', item_sku: 'MEAL-RS6', item_name: 'Rice casserole', item_unit: 'pouch', on_hand: 0, held_by: null, allow_expired: false, reason: '' },
    { batch_id: 2, item_id: 9, quantity: 12.5, batch_code: 'MEAL-RS6-0302', expires_at: null, item_sku: 'MEAL-RS6', item_name: 'Rice casserole', item_unit: 'pouch', on_hand: 4, held_by: null, allow_expired: false, reason: '' },
  ],
  created_at: '2026-03-01T10:00:00Z', created_by: 1, created_by_name: 'Dana Demo', updated_at: '2026-03-02T10:00:00Z',
  shipped_at: '2026-03-02T10:00:00Z', shipped_by: 1, shipped_by_name: 'Dana Demo', delivered_at: null, delivered_by: null,
  delivered_by_name: '', cancelled_at: null, cancelled_by: null, cancelled_by_name: '', cancel_reason: '', project_id: null, project_name: '',
  partner_id: null,
};

describe('PackingSlip', () => {
  beforeEach(() => {
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
    server.use(
      mockApi.get('/api/settings', () =>
        HttpResponse.json({
          organisation_name: 'Packline Pantry', support_email: 'help@pantry.example', time_zone: 'Europe/London', max_shift_hours: 12,
          day_start_hour: 6, day_end_hour: 18, organisation_address: '12 Quay Road\nPortsmouth PO1 3AX', allow_planning_ahead: false,
        }),
      ),
    );
  });

  it('adds up the lines per unit, exactly', () => {
    expect(unitTotals([...shipment.lines, { ...shipment.lines[0], quantity: 0.1, item_unit: 'kg' }, { ...shipment.lines[0], quantity: 0.2, item_unit: 'kg' }])).toEqual([
      { unit: 'pouch', quantity: 48.5 },
      { unit: 'kg', quantity: 0.3 },
    ]);
  });

  it('shows the sender with its address, destination, lines with batch codes and expiry, totals of units, pallets and weight, signature boxes', async () => {
    await setupI18n('gb');
    renderWithProviders(
      <QueryProvider>
        <PackingSlip shipment={shipment} orgName="Packline Pantry" onClose={() => {}} />
      </QueryProvider>,
    );
    const slip = await screen.findByTestId('packing-slip');
    expect(within(slip).getByText('SHP-2026-0003')).toBeInTheDocument();
    expect(within(slip).getByText('Harbour Foods')).toBeInTheDocument();
    expect(within(slip).getByText('MEAL-RS6-0301')).toBeInTheDocument();
    expect(within(slip).getByText('2026-09-01')).toBeInTheDocument();
    const sender = within(slip).getByTestId('packing-slip-sender');
    expect(sender).toHaveTextContent('From');
    expect(await within(sender).findByText(/12 Quay Road\s+Portsmouth PO1 3AX/)).toBeInTheDocument();
    expect(within(slip).getByTestId('packing-slip-units')).toHaveTextContent('48.5 pouches');
    const totals = within(slip).getByTestId('packing-slip-totals');
    expect(totals).toHaveTextContent('Units48.5 pouches');
    expect(totals).toHaveTextContent('Pallets2');
    expect(totals).toHaveTextContent('Gross weight412.5 kg');
    expect(within(slip).getByText('Received by (name and signature)')).toBeInTheDocument();
  });

  it('speaks the user’s language', async () => {
    await setupI18n('ir');
    renderWithProviders(
      <QueryProvider>
        <PackingSlip shipment={shipment} orgName="Packline Pantry" onClose={() => {}} />
      </QueryProvider>,
    );
    const slip = await screen.findByTestId('packing-slip');
    expect(within(slip).getByText('گیرنده')).toBeInTheDocument();
    expect(within(slip).getByText('تحویل‌گیرنده (نام و امضا)')).toBeInTheDocument();
    await setupI18n('gb');
  });
});
