import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { renderWithProviders, setupI18n } from '@/test/render';
import { TraceTree, type Trace } from './trace-tree';

const node = (kind: Trace['nodes'][number]['kind'], id: number, code: string, extra: Partial<Trace['nodes'][number]> = {}) => ({
  kind, id, code, label: '', date: '2026-11-20', quantity: null, unit: '', ...extra,
});

// Rice went into pouches (two days' runs), pouches into cases, cases to a partner.
const trace: Trace = {
  nodes: [
    node('batch', 1, 'RICE-A', { label: 'Rice', quantity: 0, unit: 'kg' }),
    node('entry', 10, 'Table 1', { label: 'Pouch', quantity: 10, unit: 'pouch' }),
    node('batch', 2, 'POUCH-20261120-L1', { label: 'Pouch', quantity: 0, unit: 'pouch' }),
    node('entry', 12, 'Table 1', { label: 'Case', quantity: 3, unit: 'case', date: '2026-11-22' }),
    node('batch', 3, 'CASE-20261122-L1', { label: 'Case', quantity: 1, unit: 'case' }),
    node('shipment', 7, 'SHP-2026-0001', { label: 'Harbour Foods', date: '2026-11-24' }),
    node('destination', 7, 'Harbour Foods', { label: 'Jo 0123', date: '2026-11-24' }),
  ],
  edges: [
    { from: 'batch:1', to: 'entry:10', quantity: 5, unit: 'kg' },
    { from: 'entry:10', to: 'batch:2', quantity: 10, unit: 'pouch' },
    { from: 'batch:2', to: 'entry:12', quantity: 10, unit: 'pouch' },
    { from: 'entry:12', to: 'batch:3', quantity: 3, unit: 'case' },
    { from: 'batch:3', to: 'shipment:7', quantity: 2, unit: 'case' },
    { from: 'shipment:7', to: 'destination:7', quantity: 2, unit: 'case' },
  ],
};

describe('trace tree', () => {
  beforeAll(() => setupI18n('gb'));

  it('shows a forward trace as a tree whose every node links to its page', () => {
    renderWithProviders(
      <MemoryRouter>
        <TraceTree trace={trace} direction="forward" />
      </MemoryRouter>,
    );
    const tree = screen.getByRole('tree', { name: 'Where it went' });
    expect(within(tree).getByRole('link', { name: 'RICE-A' })).toHaveAttribute('href', '/inventory/batches/1');
    expect(within(tree).getAllByRole('link', { name: 'Table 1' })[0]).toHaveAttribute('href', '/production/production-daily?date=2026-11-20');
    expect(within(tree).getByRole('link', { name: 'SHP-2026-0001' })).toHaveAttribute('href', '/shipping-log?search=SHP-2026-0001');
    // The partner is nested under the shipment, under the case batch, under the run, under the pouches.
    const partner = screen.getByTestId('trace-destination:7');
    expect(screen.getByTestId('trace-batch:3')).toContainElement(partner);
    expect(screen.getByTestId('trace-batch:2')).toContainElement(partner);
    expect(partner).toHaveTextContent('2 case');
  });

  it('folds a long list of children behind "Show all"', async () => {
    const many: Trace = {
      nodes: [node('batch', 1, 'RICE-A'), ...Array.from({ length: 30 }, (_, i) => node('entry', 100 + i, `Line ${i}`))],
      edges: Array.from({ length: 30 }, (_, i) => ({ from: 'batch:1', to: `entry:${100 + i}`, quantity: 1, unit: 'kg' })),
    };
    renderWithProviders(
      <MemoryRouter>
        <TraceTree trace={many} direction="forward" />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('treeitem')).toHaveLength(26);
    await userEvent.click(screen.getByRole('button', { name: 'Show all 30' }));
    expect(screen.getAllByRole('treeitem')).toHaveLength(31);
  });
});
