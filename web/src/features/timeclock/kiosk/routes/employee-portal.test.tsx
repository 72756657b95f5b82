import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { apiError, mockApi } from '@/test/api-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/test/msw';
import { renderApp, setupI18n } from '@/test/render';

interface Emp {
  employee_id: number;
  first_name: string;
  last_name: string;
  clock_status: 'clocked_in' | 'clocked_out';
  last_event: string | null;
}

/** A small in-memory kiosk API: PIN of employee n is 100n. */
function kioskApi(list: Emp[]) {
  const calls = { validate: 0, clockin: 0, clockout: 0 };
  server.use(
    mockApi.get('/api/employees', () => HttpResponse.json(list)),
    mockApi.post('/api/employees/validate-pin', async ({ request }) => {
      calls.validate++;
      const b = (await request.json()) as { employee_id: number; pin: string };
      const e = list.find((x) => x.employee_id === b.employee_id)!;
      if (b.pin !== String(1000 + b.employee_id)) {
        return HttpResponse.json({ valid: false, message: 'Incorrect PIN. Please try again.', code: 'pin.incorrect' });
      }
      return HttpResponse.json({
        valid: true,
        message: 'PIN accepted.',
        code: 'ok' as const,
        employee: { clock_status: e.clock_status, last_event: e.last_event },
        clock_token: `token-${e.employee_id}`,
      });
    }),
    ...(['clockin', 'clockout'] as const).map((action) =>
      mockApi.post(`/api/employees/${action}`, async ({ request }) => {
        calls[action]++;
        const b = await request.json();
        const e = list.find((x) => x.employee_id === b.employee_id)!;
        e.clock_status = action === 'clockin' ? 'clocked_in' : 'clocked_out';
        e.last_event = '2026-01-15T13:05:00Z';
        return HttpResponse.json({ new_status: e.clock_status, timestamp: e.last_event });
      }),
    ),
  );
  return calls;
}

const people = (): Emp[] => [
  { employee_id: 1, first_name: 'Ana', last_name: 'Almeida', clock_status: 'clocked_out', last_event: null },
  { employee_id: 2, first_name: 'Li', last_name: 'Chen', clock_status: 'clocked_in', last_event: '2026-01-15T13:05:00Z' },
  { employee_id: 3, first_name: 'Eva', last_name: 'Álvarez', clock_status: 'clocked_out', last_event: null },
];

describe('/employee-portal', { timeout: 90_000 }, () => {
  // The page and its modal load lazily: allow for a slow, shared machine.
  beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
  beforeEach(async () => {
    await setupI18n('gb');
  });

  it('lists employees, filters by the first letter of the last name, and says when none match', async () => {
    kioskApi(people());
    renderApp('/employee-portal');
    expect(await screen.findByRole('heading', { name: 'Employee Clock In/Out' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Ana Almeida' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { pressed: false }).length).toBeGreaterThanOrEqual(26);

    await userEvent.click(screen.getByRole('button', { name: 'A' }));
    const list = screen.getByRole('list', { name: 'Employees' });
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(['Ana Almeida', 'Eva Álvarez']);

    await userEvent.click(screen.getByRole('button', { name: 'Q' }));
    expect(screen.getByText('No employees found for the selected letter.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(within(screen.getByRole('list', { name: 'Employees' })).getAllByRole('button')).toHaveLength(3);
  });

  it('shows the load failure toast and an empty list', async () => {
    server.use(mockApi.get('/api/employees', () => HttpResponse.json(apiError('An internal error occurred.', 'internal'), { status: 500 })));
    renderApp('/employee-portal');
    expect(await screen.findByText('Failed to load employees.')).toBeInTheDocument();
    expect(screen.getByText('No employees found for the selected letter.')).toBeInTheDocument();
  });

  it('warns about an empty PIN without a call, keeps the modal open on Escape, and rejects a wrong PIN', async () => {
    const calls = kioskApi(people());
    const user = userEvent.setup();
    renderApp('/employee-portal');
    await user.click(await screen.findByRole('button', { name: 'Ana Almeida' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter PIN for Ana Almeida' });
    const pin = within(dialog).getByLabelText('PIN');
    expect(pin).toHaveAttribute('type', 'password');

    await user.type(pin, '   {Enter}');
    expect(await screen.findByText('Please enter your PIN.')).toBeInTheDocument();
    expect(calls.validate).toBe(0);

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Enter PIN for Ana Almeida' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Show or hide the PIN' }));
    expect(pin).toHaveAttribute('type', 'text');

    await user.type(pin, '9999');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    // Said in the dialog, beside the Confirm button, and in a toast.
    expect(await within(dialog).findByTestId('pin-error')).toHaveTextContent('Incorrect PIN. Please try again.');
    expect(calls.validate).toBe(1);
    expect(screen.getByRole('dialog', { name: 'Enter PIN for Ana Almeida' })).toBeInTheDocument();
    // Three wrong PINs make one toast, not three stacked over the dialog.
    for (const wrong of ['9998', '9997']) {
      await user.type(pin, wrong);
      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(calls.validate).toBe(wrong === '9998' ? 2 : 3));
    }
    await waitFor(() => expect(document.querySelectorAll('.mantine-Notification-root')).toHaveLength(1));
    expect(screen.getAllByText('Incorrect PIN. Please try again.')).toHaveLength(2); // the dialog's and the one toast

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('clocks in with the right PIN and returns to the list', async () => {
    const calls = kioskApi(people());
    const user = userEvent.setup();
    renderApp('/employee-portal');
    await user.click(await screen.findByRole('button', { name: 'Ana Almeida' }));
    await user.type(await screen.findByLabelText('PIN'), ' 1001 {Enter}');
    const clockDialog = await screen.findByRole('dialog', { name: 'Clock In/Out: Ana Almeida' });
    expect(within(clockDialog).getByText('You are currently clocked out.')).toBeInTheDocument();
    expect(within(clockDialog).queryByText(/Last punch/)).not.toBeInTheDocument();
    expect(within(clockDialog).queryByRole('button', { name: 'Clock Out' })).not.toBeInTheDocument();
    await user.click(within(clockDialog).getByRole('button', { name: 'Clock In' }));
    expect(await screen.findByText('Clocked in as Ana Almeida.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.clockin).toBe(1);
  });

  it('offers Clock Out with the last punch to someone clocked in', async () => {
    kioskApi(people());
    const user = userEvent.setup();
    renderApp('/employee-portal');
    await user.click(await screen.findByRole('button', { name: 'Li Chen' }));
    await user.type(await screen.findByLabelText('PIN'), '1002{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Clock In/Out: Li Chen' });
    expect(within(dialog).getByText('You are currently clocked in.')).toBeInTheDocument();
    expect(within(dialog).getByText(/^Last punch: .*7:05\sam CST$/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Clock Out' }));
    expect(await screen.findByText('Clocked out as Li Chen.')).toBeInTheDocument();
  });

  it('says so when the network fails during the PIN check and the punch', async () => {
    kioskApi(people());
    server.use(mockApi.post('/api/employees/validate-pin', () => HttpResponse.error()));
    const user = userEvent.setup();
    renderApp('/employee-portal');
    await user.click(await screen.findByRole('button', { name: 'Ana Almeida' }));
    await user.type(await screen.findByLabelText('PIN'), '1001{Enter}');
    expect(await screen.findByText('Network error validating PIN.')).toBeInTheDocument();
  });

  it('says the network failed when the server cannot reach its database (503)', async () => {
    kioskApi(people());
    server.use(
      mockApi.post('/api/employees/validate-pin', () =>
        HttpResponse.json(apiError('The server cannot reach its database. Try again in a moment.', 'db.unavailable'), { status: 503 }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/employee-portal');
    await user.click(await screen.findByRole('button', { name: 'Ana Almeida' }));
    await user.type(await screen.findByLabelText('PIN'), '1001{Enter}');
    expect(await screen.findByText('Network error validating PIN.')).toBeInTheDocument();
  });

  it('shows the server error of a refused punch and goes back to the list', async () => {
    kioskApi(people());
    server.use(
      mockApi.post('/api/employees/clockin', () => HttpResponse.json(apiError('The kiosk is closed.', 'kiosk.closed'), { status: 400 })),
    );
    const user = userEvent.setup();
    renderApp('/employee-portal');
    await user.click(await screen.findByRole('button', { name: 'Ana Almeida' }));
    await user.type(await screen.findByLabelText('PIN'), '1001{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Clock In' }));
    expect(await screen.findByText('The kiosk is closed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a network error when the punch cannot reach the server', async () => {
    kioskApi(people());
    server.use(mockApi.post('/api/employees/clockin', () => HttpResponse.error()));
    const user = userEvent.setup();
    renderApp('/employee-portal');
    await user.click(await screen.findByRole('button', { name: 'Ana Almeida' }));
    await user.type(await screen.findByLabelText('PIN'), '1001{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Clock In' }));
    expect(await screen.findByText('Network error.')).toBeInTheDocument();
    // The punch is then kept on the tablet (or said not to be) and the list comes back:
    // wait for that, so nothing of it runs after the test's page is gone.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
