import { screen, within } from '@testing-library/react';
import type { Schema } from '@/lib/api';
import { renderWithProviders, setupI18n } from '@/test/render';
import { PackingSlip } from './packing-slip';

const shipment: Schema<'Shipment'> = {
  id: 3, number: 'SHP-2026-0003', status: 'shipped', ship_date: '2026-03-02',
  destination: { name: 'Harbour Foods', address: '1 Quay St\nPortsmouth', contact: 'Jo 0123' },
  carrier: 'DHL', tracking_number: 'TRK-77', pallets: 2, weight_kg: 412.5, notes: 'Keep dry',
  lines: [
    { batch_id: 1, item_id: 9, quantity: 36, batch_code: 'MEAL-RS6-0301', expires_at: '2026-09-01', item_sku: 'MEAL-RS6', item_name: 'Rice casserole', item_unit: 'pouch', on_hand: 0 },
    { batch_id: 2, item_id: 9, quantity: 12.5, batch_code: 'MEAL-RS6-0302', expires_at: null, item_sku: 'MEAL-RS6', item_name: 'Rice casserole', item_unit: 'pouch', on_hand: 4 },
  ],
  created_at: '2026-03-01T10:00:00Z', created_by: 1, created_by_name: 'Dana Demo', updated_at: '2026-03-02T10:00:00Z',
  shipped_at: '2026-03-02T10:00:00Z', shipped_by: 1, shipped_by_name: 'Dana Demo', delivered_at: null, delivered_by: null,
  delivered_by_name: '', cancelled_at: null, cancelled_by: null, cancelled_by_name: '', cancel_reason: '', project_id: null, project_name: '',
};

describe('PackingSlip', () => {
  it('shows the header, destination, lines with batch codes and expiry, pallets, weight and signature boxes', async () => {
    await setupI18n('gb');
    renderWithProviders(<PackingSlip shipment={shipment} orgName="Packline Pantry" onClose={() => {}} />);
    const slip = await screen.findByTestId('packing-slip');
    expect(within(slip).getByText('SHP-2026-0003')).toBeInTheDocument();
    expect(within(slip).getByText('Harbour Foods')).toBeInTheDocument();
    expect(within(slip).getByText('MEAL-RS6-0301')).toBeInTheDocument();
    expect(within(slip).getByText('2026-09-01')).toBeInTheDocument();
    expect(within(slip).getByText('2 pallets')).toBeInTheDocument();
    expect(within(slip).getByText('Weight: 412.5 kg')).toBeInTheDocument();
    expect(within(slip).getByText('Received by (name and signature)')).toBeInTheDocument();
  });

  it('speaks the user’s language', async () => {
    await setupI18n('ir');
    renderWithProviders(<PackingSlip shipment={shipment} orgName="Packline Pantry" onClose={() => {}} />);
    const slip = await screen.findByTestId('packing-slip');
    expect(within(slip).getByText('گیرنده')).toBeInTheDocument();
    expect(within(slip).getByText('تحویل‌گیرنده (نام و امضا)')).toBeInTheDocument();
    await setupI18n('gb');
  });
});
