import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { Schema } from '@/lib/api';
import { mockApi } from '@/test/api-mock';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { server, VALID_TOKEN } from '@/test/msw';
import { formatLongDate } from '@/lib/format';
import { renderApp, setupI18n } from '@/test/render';

const item = (o: Partial<Schema<'Item'>>): Schema<'Item'> => ({
  id: 1, sku: '', name: '', kind: 'packaging', unit: 'each', category: '', location: '', reorder_level: 0, notes: '', servings_per_unit: null, unit_cost: null, shelf_life_days: null,
  archived: false, on_hand: 0, low_stock: true, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', batches: [], ...o,
});
const expiring = (o: Partial<Schema<'ExpiringBatch'>>): Schema<'ExpiringBatch'> => ({
  id: 1, item_id: 1, code: '', on_hand: 0, received_at: '2025-12-01', expires_at: null, source: '', source_type: '', notes: '', held_by: null,
  created_at: '2025-12-01T00:00:00Z', item_sku: '', item_name: '', item_unit: '', days_left: 0, expired: false, ...o,
});

describe('dashboard', () => {
  beforeAll(() => setupI18n('gb'));
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
  });

  it('says so when nobody is in and no stock needs attention', async () => {
    renderApp('/dashboard');
    expect(await screen.findByText('Nobody is clocked in.')).toBeInTheDocument();
    expect(await screen.findByText('No low or expiring stock.')).toBeInTheDocument();
    expect(await screen.findByText('Nothing produced yet today.')).toBeInTheDocument();
    expect(await screen.findByText('No shipments yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('open-recalls')).not.toBeInTheDocument();
  });

  it('warns of the open recalls above everything, each linked, and says nothing when there are none', async () => {
    const recall = (id: number, item: string, batches: number) => ({
      id, number: `RCL-000${id}`, batch_id: id, batch_code: `B-${id}`, item_name: item, item_sku: 'X', reason: 'Supplier recall', notes: '',
      status: 'open' as const, opened_by: 1, opened_by_name: 'Dana Demo', opened_at: '2026-01-15T10:00:00Z', closed_by: null,
      closed_by_name: '', closed_at: null, batches,
    });
    server.use(mockApi.get('/api/recalls', () => HttpResponse.json({ recalls: [recall(7, 'Long-grain rice', 33), recall(6, 'Soy protein', 1)], total: 4 })));
    renderApp('/dashboard');
    const alert = await screen.findByTestId('open-recalls');
    expect(alert).toHaveTextContent('4 recalls are open');
    expect(alert).toHaveTextContent('Long-grain rice, batch B-7: 33 batches held');
    expect(alert).toHaveTextContent('Soy protein, batch B-6: 1 batch held');
    expect(await within(alert).findByRole('link', { name: 'RCL-0007' })).toHaveAttribute('href', '/inventory/recalls/7');
    expect(within(alert).getByRole('link', { name: 'All open recalls' })).toHaveAttribute('href', '/inventory/recalls');
  });

  it("shows today's units so far and the best line", async () => {
    server.use(
      mockApi.get('/api/production/today', () =>
        HttpResponse.json({
          date: '2026-01-15', units: 1234, labour_hours: 40, units_per_labour_hour: 30.85,
          best_line: { line_id: 2, name: 'Line 2', units: 700, hours: 6, target: 720, labour_hours: 20, units_per_labour_hour: 35 },
        }),
      ),
    );
    renderApp('/dashboard');
    expect(await screen.findByTestId('today-units')).toHaveTextContent('1,234');
    expect(screen.getByText('Best line: Line 2 (700 units)')).toBeInTheDocument();
  });

  it('lists who is clocked in with forgotten clock-outs flagged first, and stock warnings', async () => {
    server.use(
      mockApi.get('/api/staff/timeclock/now', () =>
        HttpResponse.json({
          count: 2,
          forgotten_count: 1,
          max_shift_hours: 12,
          time_zone: 'America/Chicago',
          pin_alerts: [],
          clocked_in: [
            { employee_id: 1, first_name: 'Ana', last_name: 'Almeida', since: '2026-01-15T13:05:00Z', punch_id: 9, hours: 2, forgotten: false, proposed_out: null },
            { employee_id: 2, first_name: 'Dara', last_name: 'Davies', since: '2026-01-14T07:00:00Z', punch_id: 8, hours: 30, forgotten: true, proposed_out: '2026-01-14T15:00:00Z' },
          ],
        }),
      ),
      mockApi.get('/api/inventory/warnings', () =>
        HttpResponse.json({
          expiring_within_days: 30,
          low_stock: [item({ id: 8, sku: 'LBL', name: 'Pouch labels', unit: 'roll', on_hand: 9, reorder_level: 10 })],
          expiring: [
            expiring({ id: 6, code: 'VEG-1', item_name: 'Vegetable mix', item_unit: 'kg', on_hand: 8, expires_at: '2026-01-10', days_left: -3, expired: true }),
            expiring({ id: 7, code: 'SOY-2', item_name: 'Soy protein', item_unit: 'kg', on_hand: 50, expires_at: '2026-01-20', days_left: 5, expired: false }),
          ],
        }),
      ),
    );
    renderApp('/dashboard');
    const list = await screen.findByTestId('clocked-in');
    const rows = await within(list).findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Dara Davies');
    expect(rows[0]).toHaveTextContent('Forgotten clock-out');
    expect(rows[1]).toHaveTextContent(/Ana Almeida.*since .*7:05\sam CST/);
    expect(screen.getByText('1 forgotten clock-out: open longer than 12 hours')).toBeInTheDocument();
    expect(screen.getByTestId('clocked-in-count')).toHaveTextContent('2');

    const stock = await screen.findByTestId('stock-warnings');
    expect(within(stock).getByText('Low: 9 of 10 rolls')).toBeInTheDocument();
    expect(within(stock).getByText('Expired')).toBeInTheDocument();
    expect(within(stock).getByText('Expires in 5 days')).toBeInTheDocument();
    expect(within(stock).getByRole('link', { name: /Soy protein/ })).toHaveAttribute('href', '/inventory/batches/7');
  });

  it('lists the newest shipments with their dates in the language, and says so when there are none', async () => {
    const shipment = (id: number, number: string, name: string, ship_date: string, status: Schema<'ShipmentStatus'>): Schema<'Shipment'> => ({
      id, number, status, ship_date, destination: { name, address: '', contact: '' }, carrier: '', tracking_number: '', pallets: 0,
      weight_kg: 0, notes: '', lines: [], created_at: '2026-03-01T10:00:00Z', created_by: 1, updated_at: '2026-03-01T10:00:00Z',
    } as unknown as Schema<'Shipment'>);
    server.use(
      mockApi.get('/api/shipments', ({ request }) => {
        expect(new URL(request.url).searchParams.get('page_size')).toBe('5');
        return HttpResponse.json({
          shipments: [shipment(2, 'SHP-2026-0002', 'Harbour Foods', '2026-03-02', 'shipped'), shipment(1, 'SHP-2026-0001', 'Green Grocer', '2026-02-27', 'planned')],
          total: 12,
        });
      }),
    );
    renderApp('/dashboard');
    const list = await screen.findByTestId('recent-shipments');
    const rows = await within(list).findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('SHP-2026-0002 · Harbour Foods');
    expect(rows[0]).toHaveTextContent('2 Mar 2026');
    expect(within(rows[0]!).getByText('Shipped')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Planned')).toBeInTheDocument();
    expect(screen.getByTestId('shipments-total')).toHaveTextContent('12');
    expect(screen.getByRole('link', { name: 'Open the shipping log' })).toHaveAttribute('href', '/shipping-log');
  });

  it('says how many more are in than it lists, with a link to who is in', async () => {
    const person = (i: number) => ({
      employee_id: i, first_name: `Person${i}`, last_name: 'Test', since: new Date().toISOString(), punch_id: i, hours: 1, forgotten: false, proposed_out: null,
    });
    server.use(
      mockApi.get('/api/staff/timeclock/now', () =>
        HttpResponse.json({
          count: 7, forgotten_count: 0, max_shift_hours: 12, time_zone: 'America/Chicago', pin_alerts: [],
          clocked_in: Array.from({ length: 7 }, (_, i) => person(i + 1)),
        }),
      ),
    );
    renderApp('/dashboard');
    const list = await screen.findByTestId('clocked-in');
    expect(await within(list).findAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByTestId('clocked-in-count')).toHaveTextContent('7');
    const more = screen.getByRole('link', { name: '+1 more' });
    expect(more).toHaveAttribute('href', '/employees?tab=now');
  });

  it.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago'])("names today's date in the organisation's zone (%s), not the browser's", async (zone) => {
    server.use(
      mockApi.get('/api/settings/public', () =>
        HttpResponse.json({ organisation_name: 'Packline Demo', support_email: 'support@packline.local', time_zone: zone, mail_configured: true }),
      ),
    );
    renderApp('/dashboard');
    // Kiritimati (UTC+14) and Pago Pago (UTC−11) are never on the same date, so one of them differs from any browser's.
    expect(await screen.findByText(new RegExp(`Today is ${formatLongDate(new Date(), 'gb', zone)}`))).toBeInTheDocument();
  });

  it('shows the kiosk address and its QR code: the server public URL when set, else the address the browser used', async () => {
    renderApp('/dashboard');
    expect(await screen.findByTestId('kiosk-address')).toHaveTextContent(`${window.location.origin}/employee-portal`);
    expect(await screen.findByRole('img', { name: 'QR code of the kiosk address' })).toBeInTheDocument();
  });

  it('warns that a loopback address works on this computer only, the flag to use set as code', async () => {
    renderApp('/dashboard');
    const warning = await screen.findByTestId('kiosk-loopback');
    expect(warning).toHaveTextContent('or start the server with --public-url.');
    expect(warning.querySelector('code')).toHaveTextContent(/^--public-url$/);
  });

  it('uses --public-url for the kiosk address when the server has one', async () => {
    server.use(
      mockApi.get('/api/settings/public', () =>
        HttpResponse.json({
          organisation_name: 'Packline Demo', support_email: 'support@packline.local', time_zone: 'America/Chicago',
          public_url: 'https://packline.example.org', mail_configured: true,
        }),
      ),
    );
    renderApp('/dashboard');
    await waitFor(() => expect(screen.getByTestId('kiosk-address')).toHaveTextContent('https://packline.example.org/employee-portal'));
    expect(screen.queryByTestId('kiosk-loopback')).not.toBeInTheDocument();
  });

  it('shows admins the last good backup, red when the backups are behind', async () => {
    server.use(
      mockApi.get('/api/backups', () =>
        HttpResponse.json({
          enabled: true, every_seconds: 86400, keep: 14, stale: true, last_error: 'disk full',
          last_good: { file: 'packline-20260110T060000Z.db', at: '2026-01-10T06:00:00Z', size: 4096 },
        }),
      ),
    );
    renderApp('/dashboard');
    const row = (await screen.findByText('Last backup')).closest('div') as HTMLElement;
    expect(row).toHaveAttribute('title', 'disk full');
    expect(within(row).getByText(/2026/)).toHaveAttribute('data-stale', 'true');
  });
});
