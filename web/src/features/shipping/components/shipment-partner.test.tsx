import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { QueryProvider } from '@/components/query-provider';
import type { Partner } from '@/features/partners';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { mockApi } from '@/test/api-mock';
import { server, VALID_TOKEN } from '@/test/msw';
import { renderWithProviders, setupI18n } from '@/test/render';
import type { Shipment, ShipmentInput } from '../api/shipments';
import '../strings';
import { ShipmentForm } from './shipment-form';

const partners: Partner[] = [
  { id: 1, name: 'Eastside Community Pantry', address: '410 E 7th Street\nAustin, TX 78701', contact: 'Maria Lopez, (512) 555-0142', notes: '', archived: false, created_at: '2026-11-01T10:00:00Z', updated_at: '2026-11-01T10:00:00Z' },
  { id: 2, name: 'Riverbend Food Bank', address: '88 Levee Road', contact: 'Dock office', notes: '', archived: false, created_at: '2026-11-01T10:00:00Z', updated_at: '2026-11-01T10:00:00Z' },
];

const saved = (body: ShipmentInput): Shipment => ({
  id: 9, number: 'SHP-2026-0009', status: 'planned', ship_date: body.ship_date,
  destination: { name: body.destination?.name ?? '', address: body.destination?.address ?? '', contact: body.destination?.contact ?? '' },
  carrier: '', tracking_number: '', pallets: 0, weight_kg: 0, notes: '', lines: [], created_at: '2026-11-29T10:00:00Z', created_by: 1,
  created_by_name: 'Dana Demo', updated_at: '2026-11-29T10:00:00Z', shipped_at: null, shipped_by: null, shipped_by_name: '', delivered_at: null,
  delivered_by: null, delivered_by_name: '', cancelled_at: null, cancelled_by: null, cancelled_by_name: '', cancel_reason: '', project_id: null,
  project_name: '', partner_id: body.partner_id ?? null,
});

/** The partner directory and the shipments the fake server is sent, in order. */
function fakeServer() {
  const searches: string[] = [];
  const sent: { path: string; body: unknown }[] = [];
  server.use(
    mockApi.get('/api/inventory/items', () => HttpResponse.json({ items: [], total: 0, page: 1, page_size: 20 })),
    mockApi.get('/api/projects/options', () => HttpResponse.json({ projects: [], people: [] })),
    mockApi.get('/api/partners', ({ request }) => {
      const q = new URL(request.url).searchParams;
      const search = (q.get('search') ?? '').toLowerCase();
      searches.push(search);
      // Archived partners are the server's to leave out: the picker never asks for them.
      if (q.get('include_archived')) throw new Error('the picker asked for archived partners');
      const list = partners.filter((p) => p.name.toLowerCase().includes(search));
      return HttpResponse.json({ partners: list, total: list.length });
    }),
    mockApi.post('/api/partners', async ({ request }) => {
      const body = await request.json();
      sent.push({ path: '/api/partners', body });
      return HttpResponse.json({ ...partners[1], id: 7, name: body.name, address: body.address ?? '', contact: body.contact ?? '' }, { status: 201 });
    }),
    mockApi.post('/api/shipments', async ({ request }) => {
      const body = await request.json();
      sent.push({ path: '/api/shipments', body });
      return HttpResponse.json(saved(body), { status: 201 });
    }),
  );
  return { searches, sent };
}

function renderForm(onSaved: (s: Shipment) => void = () => {}) {
  renderWithProviders(
    <QueryProvider>
      <MemoryRouter>
        <ShipmentForm shipment={null} today="2026-11-29" onClose={() => {}} onSaved={onSaved} onError={(e) => { throw e; }} />
      </MemoryRouter>
    </QueryProvider>,
  );
}

describe('the shipment form’s destination', () => {
  beforeAll(() => setupI18n('gb'));
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
  });

  it('searches the partners on the server as it is typed, and a pick fills the address and contact and names the partner', async () => {
    const { searches, sent } = fakeServer();
    let done: Shipment | null = null;
    renderForm((s) => (done = s));
    const user = userEvent.setup();
    const form = await screen.findByRole('dialog', { name: 'New shipment' });
    const name = within(form).getByRole('combobox', { name: /^Destination/ });
    await user.type(name, 'east');
    // Debounced: one search for what was typed, not one a key.
    await waitFor(() => expect(searches).toContain('east'));
    expect(searches).not.toContain('ea');
    await user.click(await screen.findByRole('option', { name: /Eastside Community Pantry/ }));
    expect(name).toHaveValue('Eastside Community Pantry');
    expect(within(form).getByRole('textbox', { name: 'Address' })).toHaveValue('410 E 7th Street\nAustin, TX 78701');
    expect(within(form).getByRole('textbox', { name: 'Contact' })).toHaveValue('Maria Lopez, (512) 555-0142');
    expect(within(form).getByText(/From the partner directory/)).toBeInTheDocument();
    expect(within(form).queryByRole('checkbox', { name: /Save as partner/ })).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save shipment' }));
    await waitFor(() => expect(done).not.toBeNull());
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({
      partner_id: 1,
      destination: { name: 'Eastside Community Pantry', address: '410 E 7th Street\nAustin, TX 78701', contact: 'Maria Lopez, (512) 555-0142' },
    });
  });

  it('keeps a name typed for this shipment only, and typing over a pick lets the partner go', async () => {
    const { sent } = fakeServer();
    let done = false;
    renderForm(() => (done = true));
    const user = userEvent.setup();
    const form = await screen.findByRole('dialog', { name: 'New shipment' });
    const name = within(form).getByRole('combobox', { name: /^Destination/ });
    await user.type(name, 'River');
    await user.click(await screen.findByRole('option', { name: /Riverbend Food Bank/ }));
    await user.type(name, ', side door');
    expect(within(form).queryByText(/From the partner directory/)).not.toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: /Save as partner/ })).not.toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Save shipment' }));
    await waitFor(() => expect(done).toBe(true));
    expect(sent.map((s) => s.path)).toEqual(['/api/shipments']);
    expect(sent[0].body).toMatchObject({ partner_id: null, destination: { name: 'Riverbend Food Bank, side door', address: '88 Levee Road' } });
  });

  it('saves a new name as a partner first when asked, and the shipment names it', async () => {
    const { sent } = fakeServer();
    let done: Shipment | null = null;
    renderForm((s) => (done = s));
    const user = userEvent.setup();
    const form = await screen.findByRole('dialog', { name: 'New shipment' });
    await user.type(within(form).getByRole('combobox', { name: /^Destination/ }), 'Harbour Shelter');
    await user.type(within(form).getByRole('textbox', { name: 'Address' }), '3 Pier Road');
    await user.type(within(form).getByRole('textbox', { name: 'Contact' }), 'Ines');
    const save = within(form).getByRole('checkbox', { name: /Save as partner/ });
    expect(within(form).getByText(/Adds Harbour Shelter with this address and contact/)).toBeInTheDocument();
    await user.click(save);
    await user.click(within(form).getByRole('button', { name: 'Save shipment' }));
    await waitFor(() => expect(done).not.toBeNull());
    expect(sent.map((s) => s.path)).toEqual(['/api/partners', '/api/shipments']);
    expect(sent[0].body).toEqual({ name: 'Harbour Shelter', address: '3 Pier Road', contact: 'Ines' });
    expect(sent[1].body).toMatchObject({ partner_id: 7, destination: { name: 'Harbour Shelter' } });
  });
});
