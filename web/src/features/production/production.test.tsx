import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { QueryProvider } from '@/components/query-provider';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { server, VALID_TOKEN } from '@/test/msw';
import { renderWithProviders, setupI18n } from '@/test/render';
import { CrewPanel } from './components/crew-panel';
import { EntryDialog } from './components/entry-dialog';
import { SubtractionView } from './components/subtraction-view';
import ProductionDailyPage from './routes/production-daily';

const line = { id: 2, name: 'Line 2', hourly_target: 40, archived: false, created_at: '2026-11-01T00:00:00Z' };
const move = (id: number, code: string, name: string, unit: string, before: number, quantity: number) => ({
  id, batch_id: id, item_id: id, quantity, before, after: Math.round((before + quantity) * 1000) / 1000, reversal: false,
  batch_code: code, item_sku: code, item_name: name, item_unit: unit,
});
const entry = {
  id: 7, date: '2026-11-23', hour: 9, line_id: 2, line_name: 'Line 2', product_id: 100, product_sku: 'MEAL', product_name: 'Meal pouch',
  product_unit: 'pouch', units: 10, note: 'new film roll', recipe_version: 2, produced_batch_id: 50, produced_batch_code: 'MEAL-20261123-L2',
  moves: [move(11, 'RICE-A', 'Rice', 'kg', 2, -1), move(12, 'RICE-B', 'Rice', 'kg', 5, -0.8), move(50, 'MEAL-20261123-L2', 'Meal pouch', 'pouch', 0, 10)],
  reversed: false, reversed_at: null, reverse_reason: '', created_by: 'Dana Demo', created_at: '2026-11-23T15:00:00Z', project_id: null, project_name: '',
};
const suggestion = (units: number) => ({
  product_id: 100, recipe_version: 2, units,
  components: [
    {
      item_id: 1, quantity: 0.18, sku: 'RICE', name: 'Rice', unit: 'kg', needed: Math.round(units * 180) / 1000, on_hand: 7, short: 0,
      batches: [
        { id: 11, item_id: 1, code: 'RICE-A', on_hand: 2, received_at: '2026-10-01', expires_at: '2027-01-01' },
        { id: 12, item_id: 1, code: 'RICE-B', on_hand: 5, received_at: '2026-10-02', expires_at: '2027-06-01' },
      ],
      picks: units * 0.18 <= 2 ? [{ batch_id: 11, item_id: 1, quantity: Math.round(units * 180) / 1000 }] : [
        { batch_id: 11, item_id: 1, quantity: 2 }, { batch_id: 12, item_id: 1, quantity: Math.round((units * 0.18 - 2) * 1000) / 1000 },
      ],
    },
  ],
});

function render(ui: React.ReactElement) {
  return renderWithProviders(
    <QueryProvider>
      <MemoryRouter initialEntries={['/production/production-daily?date=2026-11-23']}>{ui}</MemoryRouter>
    </QueryProvider>,
  );
}

describe('production screens', () => {
  beforeAll(() => setupI18n('gb'));
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
  });

  it('the subtraction view shows each batch before, the change and after, exactly', () => {
    render(<SubtractionView moves={entry.moves} />);
    const rows = within(screen.getByTestId('subtraction-view')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/RICE-A.*Rice.*2 kg.*-1.*1 kg/);
    expect(rows[2]).toHaveTextContent(/RICE-B.*5 kg.*-0\.8.*4\.2 kg/);
    expect(rows[3]).toHaveTextContent(/MEAL-20261123-L2.*0 pouch.*\+10.*10 pouch/);
  });

  it('records an hour with batches picked in place, warns before a batch runs out, then shows the subtraction view', async () => {
    const posted: unknown[] = [];
    server.use(
      http.get('/api/production/products', () => HttpResponse.json({ products: [{ id: 100, sku: 'MEAL', name: 'Meal pouch', unit: 'pouch', on_hand: 0 }] })),
      http.get('/api/production/suggest', ({ request }) => HttpResponse.json(suggestion(Number(new URL(request.url).searchParams.get('units'))))),
      http.get('/api/projects/options', () => HttpResponse.json({ projects: [], people: [] })),
      http.post('/api/production/entries', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(entry, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    render(<EntryDialog opened onClose={() => {}} date="2026-11-23" hour={9} line={line} />);
    await user.type(await screen.findByLabelText('Units made this hour'), '10');
    const takeA = await screen.findByLabelText('Quantity taken from batch RICE-A');
    const takeB = screen.getByLabelText('Quantity taken from batch RICE-B');
    await waitFor(() => expect(takeA).toHaveValue('1.8'));
    expect(screen.getByText('1.8 kg picked')).toBeInTheDocument();
    // Take all of batch A: it runs out; the picks no longer match the need until B gives the rest.
    await user.tripleClick(takeA);
    await user.keyboard('2');
    await waitFor(() => expect(takeA).toHaveValue('2'));
    expect(await screen.findByText('This batch runs out')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save entry' })).toBeDisabled();
    await user.tripleClick(takeA);
    await user.keyboard('1');
    await user.tripleClick(takeB);
    await user.keyboard('0.8');
    await waitFor(() => expect(takeB).toHaveValue('0.8'));
    await user.click(screen.getByRole('button', { name: 'Save entry' }));
    expect(await screen.findByTestId('subtraction-view')).toBeInTheDocument();
    expect(posted[0]).toEqual({ date: '2026-11-23', hour: 9, line_id: 2, product_id: 100, units: 10, note: '',
      batches: [{ batch_id: 11, quantity: 1 }, { batch_id: 12, quantity: 0.8 }] });
    expect(screen.getByText('Added to finished batch MEAL-20261123-L2.')).toBeInTheDocument();
  });

  it('names every short component when the server refuses for lack of stock', async () => {
    server.use(
      http.get('/api/production/products', () => HttpResponse.json({ products: [{ id: 100, sku: 'MEAL', name: 'Meal pouch', unit: 'pouch', on_hand: 0 }] })),
      http.get('/api/production/suggest', () => HttpResponse.json(suggestion(5))),
      http.get('/api/projects/options', () => HttpResponse.json({ projects: [], people: [] })),
      http.post('/api/production/entries', () =>
        HttpResponse.json(
          { error: 'Not enough stock: …', code: 'production.components_short',
            params: { count: 2, components: '…', short: [
              { item_id: 1, sku: 'RICE', name: 'Rice', unit: 'kg', wanted: 0.9, on_hand: 0.5 },
              { item_id: 3, sku: 'BAG', name: 'Bag', unit: 'each', wanted: 5, on_hand: 2 },
            ] } },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    render(<EntryDialog opened onClose={() => {}} date="2026-11-23" hour={9} line={line} />);
    await user.type(await screen.findByLabelText('Units made this hour'), '5');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save entry' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save entry' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Rice: needs 0.9 kg, 0.5 kg on hand');
    expect(alert).toHaveTextContent('Bag: needs 5 each, 2 each on hand');
  });

  it("proposes the product the line was making, and asks why before drawing on an expired batch", async () => {
    const posted: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/production/products', () =>
        HttpResponse.json({ products: [
          { id: 99, sku: 'AAA', name: 'Alphabetically first', unit: 'bag', on_hand: 0 },
          { id: 100, sku: 'MEAL', name: 'Meal pouch', unit: 'pouch', on_hand: 0 },
        ] }),
      ),
      http.get('/api/production/suggest', ({ request }) => HttpResponse.json(suggestion(Number(new URL(request.url).searchParams.get('units'))))),
      http.get('/api/projects/options', () => HttpResponse.json({ projects: [], people: [] })),
      http.post('/api/production/entries', async ({ request }) => {
        posted.push((await request.json()) as Record<string, unknown>);
        if (posted.length === 1) {
          return HttpResponse.json(
            { error: 'Batch RICE-A expired on 2026-11-01, before 2026-11-23; confirm with a reason to use it anyway.', code: 'batch.expired',
              params: { batch: 'RICE-A', batch_id: 11, expires_at: '2026-11-01', date: '2026-11-23' }, field: 'batches[0]' },
            { status: 409 },
          );
        }
        return HttpResponse.json(entry, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    render(<EntryDialog opened onClose={() => {}} date="2026-11-23" hour={9} line={line} proposal={{ product_id: 100, project_id: null }} />);
    expect(await screen.findByDisplayValue('Meal pouch (MEAL)')).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Units made this hour'), '10');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save entry' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save entry' }));
    const confirm = await screen.findByRole('dialog', { name: 'Use an expired batch?' });
    await user.type(within(confirm).getByLabelText(/Why is it used anyway/), 'Tested, still good');
    await user.click(within(confirm).getByRole('button', { name: 'Use it anyway' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[0].product_id).toBe(100);
    const picks = posted[1].batches as Record<string, unknown>[];
    expect(picks.find((b) => b.batch_id === 11)).toMatchObject({ allow_expired: true, reason: 'Tested, still good' });
    expect(picks.filter((b) => b.allow_expired)).toHaveLength(1);
  });

  it('the daily report shows totals per product and line, labour hours and units per labour hour', async () => {
    server.use(
      http.get('/api/production/daily', () =>
        HttpResponse.json({
          date: '2026-11-23', time_zone: 'America/Chicago', lines: [line], entries: [entry],
          cells: [{ hour: 9, line_id: 2, units: 10, labour_hours: 2.5 }],
          totals: [{ product_id: 100, sku: 'MEAL', name: 'Meal pouch', units: 10 }],
          line_totals: [{ line_id: 2, name: 'Line 2', units: 10, hours: 1, target: 40, labour_hours: 2.5, units_per_labour_hour: 4 }],
          consumed: [{ batch_id: 11, batch_code: 'RICE-A', item_id: 1, sku: 'RICE', name: 'Rice', unit: 'kg', quantity: 1.8 }],
          units: 10, labour_hours: 2.5, units_per_labour_hour: 4,
        }),
      ),
    );
    render(<ProductionDailyPage />);
    expect(await screen.findByTestId('daily-units')).toHaveTextContent('10');
    expect(screen.getByTestId('daily-labour')).toHaveTextContent('2.5');
    expect(screen.getByTestId('daily-uplh')).toHaveTextContent('4');
    expect(within(screen.getByTestId('daily-products')).getByRole('row', { name: /Meal pouch/ })).toHaveTextContent('10');
    expect(within(screen.getByTestId('daily-lines')).getByRole('row', { name: /Line 2/ })).toHaveTextContent(/40 \(25%\)/);
    expect(within(screen.getByTestId('daily-consumed')).getByRole('row', { name: /RICE-A/ })).toHaveTextContent('1.8 kg');
    expect(screen.getByText('9 am · Line 2: new film roll')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    // The entry's "recipe v2" opens that version of the product's recipe.
    expect(screen.getByRole('link', { name: 'recipe v2' })).toHaveAttribute('href', '/production/recipes/100?version=2');
  });

  it('the daily report shows no rate from less than a quarter hour of labour, and says why', async () => {
    server.use(
      http.get('/api/production/daily', () =>
        HttpResponse.json({
          date: '2026-11-23', time_zone: 'America/Chicago', lines: [line], entries: [entry],
          cells: [{ hour: 9, line_id: 2, units: 30, labour_hours: 0.04 }],
          totals: [{ product_id: 100, sku: 'MEAL', name: 'Meal pouch', units: 30 }],
          line_totals: [{ line_id: 2, name: 'Line 2', units: 30, hours: 1, target: 40, labour_hours: 0.04, units_per_labour_hour: null }],
          consumed: [], units: 30, labour_hours: 0.04, units_per_labour_hour: null,
        }),
      ),
    );
    render(<ProductionDailyPage />);
    expect(await screen.findByTestId('daily-uplh')).toHaveTextContent('—');
    const why = within(screen.getByTestId('daily-uplh')).getByLabelText(/at least a quarter hour of labour/);
    expect(why).toHaveTextContent('—');
    expect(within(screen.getByTestId('daily-lines')).getByRole('row', { name: /Line 2/ })).toHaveTextContent('—');
  });

  it('crew and lines: plans an employee who has not clocked in onto a line, offers no archived line, and says why a line is refused', async () => {
    const put: unknown[] = [];
    let crew: { employee_id: number; first_name: string; last_name: string; hours: number; line_id: number | null; worked: boolean }[] = [
      { employee_id: 5, first_name: 'Ana', last_name: 'Alves', hours: 3.5, line_id: 2, worked: true },
    ];
    const bo = { employee_id: 6, first_name: 'Bo', last_name: 'Brandt' };
    server.use(
      http.get('/api/production/crew', () => HttpResponse.json({ date: '2026-11-23', crew, available: crew.length > 1 ? [] : [bo] })),
      http.put('/api/production/assignments', async ({ request }) => {
        const body = (await request.json()) as { employee_id: number; line_id: number | null };
        put.push(body);
        if (body.employee_id === 5)
          return HttpResponse.json(
            { error: 'Line Line 2 is archived; …', code: 'production.line_archived', params: { line: 'Line 2', line_id: 2 }, field: 'line_id' },
            { status: 409 },
          );
        crew = [...crew, { ...bo, hours: 0, line_id: body.line_id, worked: false }];
        return HttpResponse.json(body);
      }),
    );
    const user = userEvent.setup();
    const old = { ...line, id: 3, name: 'Old table', archived: true };
    render(<CrewPanel date="2026-11-23" lines={[line, old]} />);
    await user.click(await screen.findByRole('combobox', { name: 'Plan an employee' }));
    await user.click(await screen.findByRole('option', { name: 'Bo Brandt' }));
    await user.click(screen.getByRole('combobox', { name: 'Line' }));
    expect(screen.queryByRole('option', { name: 'Old table' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Line 2' }));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(put).toContainEqual({ date: '2026-11-23', employee_id: 6, line_id: 2 }));
    const row = await screen.findByRole('row', { name: /Bo Brandt/ });
    expect(within(row).getByText('Not clocked in')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Ana Alves/ })).queryByText('Not clocked in')).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Line of Ana Alves' }));
    await user.click(await screen.findByRole('option', { name: 'Unassigned' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Line Line 2 is archived; restore it before recording on it.');
  });
});
