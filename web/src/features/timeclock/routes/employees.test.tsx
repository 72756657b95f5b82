import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { apiError, mockApi } from '@/test/api-mock';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { server, VALID_TOKEN } from '@/test/msw';
import { renderApp, setupI18n, desktopMediaQueries } from '@/test/render';

const emp = (id: number, first: string, last: string, status: 'clocked_in' | 'clocked_out' = 'clocked_out') => ({
  employee_id: id,
  first_name: first,
  last_name: last,
  clock_status: status,
  last_event: status === 'clocked_in' ? '2026-01-15T13:05:00Z' : null,
  active: true,
  has_pin: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  archived_at: null,
});

describe('/employees', { timeout: 90_000 }, () => {
  desktopMediaQueries();
  beforeAll(async () => {
    configure({ asyncUtilTimeout: 15_000 });
    await setupI18n('gb');
  });
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
  });

  it('asks the server to sort and page, and adds an employee with the PIN entered twice', async () => {
    const lists: URLSearchParams[] = [];
    let created: Record<string, string> | null = null;
    server.use(
      mockApi.get('/api/staff/employees', ({ request }) => {
        const q = new URL(request.url).searchParams;
        lists.push(q);
        const rows = [emp(1, 'Ana', 'Almeida', 'clocked_in'), emp(2, 'Bo', 'Chen')];
        if (q.get('order') === 'desc') rows.reverse();
        return HttpResponse.json({ employees: rows, total: 2, page: 1, page_size: 25 });
      }),
      mockApi.post('/api/employees', async ({ request }) => {
        created = (await request.json()) as Record<string, string>;
        return HttpResponse.json(emp(3, created.first_name, created.last_name), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/employees');
    const table = await screen.findByRole('table', { name: 'Employees' });
    expect(await within(table).findByText('Almeida')).toBeInTheDocument();
    expect(within(table).getByText('In')).toBeInTheDocument();
    expect(lists[0].get('sort')).toBe('last_name');
    expect(lists[0].get('order')).toBe('asc');

    await user.click(within(table).getByRole('button', { name: /^Last name/ }));
    await waitFor(() => expect(lists.some((q) => q.get('order') === 'desc')).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Add employee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an employee' });
    await user.type(within(dialog).getByLabelText(/^First name/), 'Cy');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Diaz');
    await user.type(within(dialog).getByLabelText(/^PIN(?! again)/), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Add employee' }));
    expect(await within(dialog).findByText('4 to 8 digits.', { selector: '.mantine-InputWrapper-error' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^PIN(?! again)/), '34');
    await user.type(within(dialog).getByLabelText(/^PIN again/), '1235');
    await user.click(within(dialog).getByRole('button', { name: 'Add employee' }));
    expect(await within(dialog).findByText('The two PINs do not match.')).toBeInTheDocument();
    expect(created).toBeNull();
    await user.clear(within(dialog).getByLabelText(/^PIN again/));
    await user.type(within(dialog).getByLabelText(/^PIN again/), '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Add employee' }));
    expect(await screen.findByText('Cy Diaz was added.')).toBeInTheDocument();
    expect(created).toEqual({ first_name: 'Cy', last_name: 'Diaz', pin: '1234', pin_confirmation: '1234' });
  });

  it('shows who is in with forgotten clock-outs', async () => {
    server.use(
      mockApi.get('/api/staff/employees', () => HttpResponse.json({ employees: [], total: 0, page: 1, page_size: 25 })),
      mockApi.get('/api/staff/timeclock/now', () =>
        HttpResponse.json({
          clocked_in: [
            { employee_id: 6, first_name: 'Dara', last_name: 'Davies', since: '2026-01-14T13:00:00Z', punch_id: 9, hours: 20, forgotten: true, proposed_out: '2026-01-14T21:00:00Z' },
          ],
          count: 1,
          forgotten_count: 1,
          max_shift_hours: 12,
          time_zone: 'America/Chicago',
          pin_alerts: [],
        }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/employees');
    await user.click(await screen.findByRole('tab', { name: 'Who is in' }));
    expect(await screen.findByText('1 person is clocked in.')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Dara Davies/ });
    expect(within(row).getByText('Forgotten clock-out')).toBeInTheDocument();
    expect(within(row).getByText(/7:00\sam CST/)).toBeInTheDocument();

    // Closing it proposes its likely end, not now; a shift over the maximum is saved only when confirmed.
    const bodies: Record<string, unknown>[] = [];
    server.use(
      mockApi.post('/api/staff/employees/{id}/punches', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        if (bodies.length === 1) {
          return HttpResponse.json(
            apiError('This makes a shift of 20 hours, longer than the maximum of 12; confirm it if it is right.', 'timeclock.shift_too_long', { hours: 20, max_hours: 12 }, 'at'),
            { status: 409 },
          );
        }
        return HttpResponse.json(
          { id: 10, employee_id: 6, kind: 'out', at: '2026-01-15T09:00:00Z', source: 'staff', created_at: '2026-01-15T09:01:00Z', voided: false, corrected: true, offline: false, audit: [] },
          { status: 201 },
        );
      }),
    );
    await user.click(within(row).getByRole('button', { name: 'Close shift' }));
    const dialog = await screen.findByRole('dialog');
    const time = within(dialog).getByLabelText(/^Time/) as HTMLInputElement;
    expect(time.value).toBe('2026-01-14T15:00');
    await user.clear(time);
    await user.type(time, '2026-01-15T03:00');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Left with the night crew');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This makes a shift of 20 hours, longer than the maximum of 12; confirm it if it is right.')).toBeInTheDocument();
    expect(bodies[0]).not.toHaveProperty('allow_long');
    await user.click(within(dialog).getByRole('button', { name: 'Save the long shift' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ kind: 'out', at: '2026-01-15T03:00', allow_long: true });
  });

  it("opens a flagged shift's fix from its flag: the forgotten clock-out, proposed a usual shift after the clock-in", async () => {
    server.use(
      mockApi.get('/api/staff/employees', () => HttpResponse.json({ employees: [], total: 0, page: 1, page_size: 25 })),
      mockApi.get('/api/staff/timesheets', () =>
        HttpResponse.json({
          from: '2026-01-12', to: '2026-01-18', time_zone: 'America/Chicago', max_shift_hours: 12, total_hours: 0, flagged: 1,
          days: ['2026-01-12', '2026-01-13', '2026-01-14', '2026-01-15', '2026-01-16', '2026-01-17', '2026-01-18'],
          employees: [{
            employee_id: 6, first_name: 'Dara', last_name: 'Davies', active: true, total_hours: 0, flagged: 1,
            days: ['12', '13', '14', '15', '16', '17', '18'].map((d) => ({ date: `2026-01-${d}`, hours: 0 })),
            shifts: [{ in_punch_id: 9, in: '2026-01-14T13:00:00Z', out: null, hours: 0, flags: ['forgotten'] }],
          }],
        }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/employees');
    await user.click(await screen.findByRole('tab', { name: 'Timesheets' }));
    await user.click(await screen.findByRole('button', { name: '1 shift' }));
    await user.click(await screen.findByRole('button', { name: 'Fix: Forgotten' }));
    const dialog = await screen.findByRole('dialog', { name: /Dara Davies/ });
    expect((within(dialog).getByLabelText(/^Time/) as HTMLInputElement).value).toBe('2026-01-14T15:00');
  });
});
