import '../strings';
import { screen } from '@testing-library/react';
import type { Schema } from '@/lib/api';
import { renderWithProviders, setupI18n } from '@/test/render';
import { ImpactReportView } from './impact-report';

const report: Schema<'ImpactReport'> = {
  scope: { kind: 'project', id: 3, name: 'Winter meals', client_id: 1, client_name: 'Harbour Pantry', projects: [] },
  from: '2026-11-20', to: '2026-11-21', organisation_name: 'Harbour Packers', currency: 'USD', currency_digits: 2,
  units: 190, meals: 760, meals_complete: true, labour_hours: 2.65, people: 2, shipped_units: 75,
  materials_cost: 23750, cost_complete: false,
  products: [{ product_id: 1, sku: 'MEAL', name: 'Meal pouch', unit: 'bag', units: 190, servings_per_unit: 4, meals: 760 }],
  materials: [
    { item_id: 2, sku: 'RICE', name: 'Rice', unit: 'kg', batch_id: 9, batch_code: 'RICE-A', quantity: 95, unit_cost: 250, cost: 23750 },
    { item_id: 3, sku: 'SALT', name: 'Salt', unit: 'kg', batch_id: 10, batch_code: 'SALT-A', quantity: 1.5, unit_cost: null, cost: null },
  ],
  shipments: [{ id: 5, number: 'SHP-2026-0001', status: 'delivered', ship_date: '2026-11-21', destination: 'North Pantry', project_id: 3, partner_id: 4, units: 75,
    lines: [{ item_id: 1, sku: 'MEAL', name: 'Meal pouch', unit: 'bag', batch_code: 'MEAL-A', quantity: 50 }, { item_id: 1, sku: 'MEAL', name: 'Meal pouch', unit: 'bag', batch_code: 'MEAL-B', quantity: 25 }] }],
  destinations: [{ name: 'North Pantry', shipments: 1, units: 75, partner_id: 4 }],
  days: [
    { date: '2026-11-20', units: 160, meals: 640, labour_hours: 1.65, shipped_units: 0 },
    { date: '2026-11-21', units: 30, meals: 120, labour_hours: 1, shipped_units: 75 },
  ],
};

describe('ImpactReportView', () => {
  beforeEach(async () => {
    await setupI18n('gb');
  });

  it('shows the server’s figures, says what is not costed, and groups a shipment’s batches by item', () => {
    renderWithProviders(<ImpactReportView report={report} />);
    expect(screen.getByTestId('impact-org')).toHaveTextContent('Harbour Packers');
    expect(screen.getByTestId('impact-units')).toHaveTextContent('190');
    expect(screen.getByTestId('impact-meals')).toHaveTextContent('760');
    expect(screen.getByTestId('impact-hours')).toHaveTextContent('2.7');
    expect(screen.getByTestId('impact-cost')).toHaveTextContent(/\$238$/);
    expect(screen.getByText('Some materials have no unit cost.')).toBeInTheDocument();
    expect(screen.getByTestId('impact-materials')).toHaveTextContent('$237.50');
    expect(screen.getByText('75 bags · Meal pouch')).toBeInTheDocument();
    expect(screen.getByText('MEAL-A, MEAL-B')).toBeInTheDocument();
  });

  it('shows the organisation’s logo beside its name when it has one, else the Packline mark', () => {
    const { unmount } = renderWithProviders(<ImpactReportView report={{ ...report, logo_url: '/api/public/logo?v=abc' }} />);
    expect(screen.getByRole('img', { name: 'Harbour Packers logo' })).toHaveAttribute('src', '/api/public/logo?v=abc');
    unmount();
    renderWithProviders(<ImpactReportView report={report} />);
    expect(screen.queryByTestId('impact-logo')).not.toBeInTheDocument();
    expect(screen.getByTestId('impact-org')).toHaveTextContent('Harbour Packers');
  });

  it('says how to count meals when no product has servings, and when nothing happened', () => {
    renderWithProviders(<ImpactReportView report={{ ...report, units: 0, meals: null, meals_complete: false, products: [], shipments: [], destinations: [] }} />);
    expect(screen.getByTestId('impact-meals')).toHaveTextContent('—');
    expect(screen.getByText('Set servings per unit on the product to count meals.')).toBeInTheDocument();
    expect(screen.getByTestId('impact-empty')).toHaveTextContent('Nothing was produced or shipped for this project in this period.');
  });
});
