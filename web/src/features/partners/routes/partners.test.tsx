import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { apiError, mockApi } from '@/test/api-mock';
import { demoPreferences, demoUser, server, VALID_TOKEN } from '@/test/msw';
import { desktopMediaQueries, renderApp, setupI18n } from '@/test/render';
import type { Partner } from '../api/partners';

const partner = (id: number, name: string, over: Partial<Partner> = {}): Partner => ({
  id, name, address: '410 E 7th Street\nAustin, TX 78701', contact: 'Maria Lopez', notes: '', archived: false,
  created_at: '2026-11-02T15:00:00Z', updated_at: '2026-11-02T15:00:00Z', ...over,
});

/** The list as the server pages it: what each request asked for, and answers from `rows`. */
function listServer(rows: () => Partner[]) {
  const calls: URLSearchParams[] = [];
  server.use(
    mockApi.get('/api/partners', ({ request }) => {
      const q = new URL(request.url).searchParams;
      calls.push(q);
      const search = (q.get('search') ?? '').toLowerCase();
      const list = rows().filter((p) => (q.get('include_archived') === 'true' || !p.archived) && p.name.toLowerCase().includes(search));
      return HttpResponse.json({ partners: list, total: list.length });
    }),
  );
  return calls;
}

describe('partners page (/partners)', () => {
  desktopMediaQueries();
  beforeEach(async () => {
    await setupI18n('gb');
    resetSessionForTests();
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
  });

  it('lists the partners the server pages and sorts, and searches on the server', async () => {
    const calls = listServer(() => [partner(1, 'Eastside Community Pantry'), partner(2, 'Riverbend Food Bank', { contact: 'Dock office' })]);
    renderApp('/partners');
    const table = await screen.findByRole('table', { name: 'Partners' }, { timeout: 15_000 });
    expect(await within(table).findByRole('button', { name: 'Edit Riverbend Food Bank' })).toBeInTheDocument();
    expect(within(table).getByText('Dock office')).toBeInTheDocument();
    expect(within(table).getAllByText('2 November 2026')).toHaveLength(2);
    expect(calls.at(-1)?.toString()).toBe('sort=name&order=asc&page=1&page_size=25');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search by name, address or contact'), 'river');
    await waitFor(() => expect(calls.at(-1)?.get('search')).toBe('river'));
    await waitFor(() => expect(within(table).queryByText('Eastside Community Pantry')).not.toBeInTheDocument());

    await user.click(within(table).getByText('Contact'));
    await waitFor(() => expect(calls.at(-1)?.get('sort')).toBe('contact'));

    await user.click(screen.getByLabelText('Show archived'));
    await waitFor(() => expect(calls.at(-1)?.get('include_archived')).toBe('true'));
    expect(calls.at(-1)?.get('page')).toBe('1');
  });

  it('says when there are none yet, and when the list cannot be read', async () => {
    listServer(() => []);
    renderApp('/partners');
    expect(await screen.findByText(/No partners yet/, {}, { timeout: 15_000 })).toBeInTheDocument();

    server.use(mockApi.get('/api/partners', () => HttpResponse.json(apiError('Database unavailable', 'db.unavailable'), { status: 503 })));
    await userEvent.setup().type(screen.getByLabelText('Search by name, address or contact'), 'x');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('adds a partner, shows a name taken on its field, and archives one after asking', async () => {
    let rows = [partner(1, 'Eastside Community Pantry')];
    listServer(() => rows);
    const posted: unknown[] = [];
    const patched: unknown[] = [];
    server.use(
      mockApi.post('/api/partners', async ({ request }) => {
        const body = await request.json();
        posted.push(body);
        if (body.name.toLowerCase() === 'eastside community pantry') {
          return HttpResponse.json(
            apiError('A partner named Eastside Community Pantry already exists.', 'partners.name_taken', { name: 'Eastside Community Pantry' }, 'name'),
            { status: 409 },
          );
        }
        const p = partner(2, body.name, { address: body.address ?? '', contact: body.contact ?? '' });
        rows = [...rows, p];
        return HttpResponse.json(p, { status: 201 });
      }),
      mockApi.patch('/api/partners/{id}', async ({ request }) => {
        const body = await request.json();
        patched.push(body);
        rows = rows.map((p) => (p.id === 1 ? { ...p, ...body } : p));
        return HttpResponse.json(rows[0]);
      }),
    );
    const user = userEvent.setup();
    renderApp('/partners');
    await screen.findByRole('button', { name: 'Edit Eastside Community Pantry' }, { timeout: 15_000 });

    await user.click(screen.getByRole('button', { name: 'New partner' }));
    let form = await screen.findByRole('dialog', { name: 'New partner' });
    await user.type(within(form).getByLabelText(/^Name/), 'EASTSIDE community pantry');
    await user.click(within(form).getByRole('button', { name: 'Save partner' }));
    expect(await within(form).findByText('A partner named Eastside Community Pantry already exists.')).toBeInTheDocument();

    await user.clear(within(form).getByLabelText(/^Name/));
    await user.type(within(form).getByLabelText(/^Name/), 'Riverbend Food Bank');
    await user.type(within(form).getByLabelText('Address'), '88 Levee Road{Enter}Baton Rouge');
    await user.type(within(form).getByLabelText('Contact'), 'Dock office');
    await user.click(within(form).getByRole('button', { name: 'Save partner' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New partner' })).not.toBeInTheDocument());
    expect(posted.at(-1)).toEqual({ name: 'Riverbend Food Bank', address: '88 Levee Road\nBaton Rouge', contact: 'Dock office', notes: '' });
    expect(await screen.findByRole('button', { name: 'Edit Riverbend Food Bank' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Archive Eastside Community Pantry' }));
    form = await screen.findByRole('dialog', { name: 'Archive Eastside Community Pantry?' });
    expect(within(form).getByText(/will no longer be offered on new shipments/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Keep it' }));
    expect(patched).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Archive Eastside Community Pantry' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Archive Eastside Community Pantry?' })).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(patched).toEqual([{ archived: true }]));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit Eastside Community Pantry' })).not.toBeInTheDocument());
  });

  it('reads right to left in Persian, with Persian digits', async () => {
    await setupI18n('ir');
    // Signed in with Persian chosen.
    const persian = { ...demoPreferences, language: 'ir' as const };
    server.use(
      mockApi.get('/api/user', () => HttpResponse.json({ success: true, user: demoUser, preferences: persian })),
      mockApi.get('/api/user/preferences', () => HttpResponse.json(persian)),
    );
    listServer(() => [partner(1, 'انبار غذای شرق'), partner(2, 'بانک غذای رودخانه')]);
    renderApp('/partners');
    const table = await screen.findByRole('table', { name: 'همکاران' }, { timeout: 15_000 });
    expect(await within(table).findByRole('button', { name: 'ویرایش انبار غذای شرق' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { level: 1, name: 'همکاران' })).toBeInTheDocument();
    expect(screen.getByText('۱–۲ از ۲')).toBeInTheDocument();
    expect(within(table).getAllByText('۲ نوامبر ۲۰۲۶')).toHaveLength(2);
  });

  it("opens the shipping log filtered to a partner's shipments, and the log's filter names it", async () => {
    listServer(() => [partner(1, 'Eastside Community Pantry'), partner(2, 'Riverbend Food Bank', { archived: true })]);
    const shipmentCalls: URLSearchParams[] = [];
    server.use(
      mockApi.get('/api/partners/{id}', ({ params }) =>
        HttpResponse.json(params.id === '1' ? partner(1, 'Eastside Community Pantry') : partner(2, 'Riverbend Food Bank', { archived: true })),
      ),
      mockApi.get('/api/shipments', ({ request }) => {
        shipmentCalls.push(new URL(request.url).searchParams);
        return HttpResponse.json({ shipments: [], total: 0 });
      }),
    );
    renderApp('/partners');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Shipments to Eastside Community Pantry' }, { timeout: 15_000 }));
    const filter = await screen.findByRole('combobox', { name: 'Partner' }, { timeout: 15_000 });
    await waitFor(() => expect(filter).toHaveValue('Eastside Community Pantry'));
    await waitFor(() => expect(shipmentCalls.at(-1)?.get('partner_id')).toBe('1'));

    // Another partner, archived ones too (old shipments went to them); clearing shows every shipment.
    await user.clear(filter);
    await user.type(filter, 'river');
    await user.click(await screen.findByRole('option', { name: 'Riverbend Food Bank (archived)' }));
    await waitFor(() => expect(shipmentCalls.at(-1)?.get('partner_id')).toBe('2'));
    await user.click(screen.getByRole('button', { name: 'Any partner' }));
    await waitFor(() => expect(shipmentCalls.at(-1)?.has('partner_id')).toBe(false));
  });
});
