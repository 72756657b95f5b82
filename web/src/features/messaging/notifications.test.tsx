import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { mockApi } from '@/test/api-mock';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { server, VALID_TOKEN } from '@/test/msw';
import { renderApp, renderWithProviders, setupI18n } from '@/test/render';
import { NotificationsBell } from './components/notifications-bell';

function signedIn() {
  localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
}

const sample = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    kind: (['message', 'zip_upload', 'topic'] as const)[i % 3],
    actor: { id: i + 1, name: `Person ${i + 1}` },
    params: { name: `Person ${i + 1}`, type: 'CSV' },
    link: i % 3 === 1 ? '/docs' : '/chat?topic=1',
    read: i > 1,
    created_at: new Date(Date.now() - i * 60_000).toISOString(),
  }));

describe('notifications', () => {
  beforeAll(() => setupI18n('gb'));
  beforeEach(() => {
    resetSessionForTests();
    signedIn();
  });

  it('lists notifications of the three kinds, marks them read; "See all" opens the notifications page, filtered and paged', async () => {
    const asked: URLSearchParams[] = [];
    let markedAll = false;
    server.use(
      mockApi.get('/api/notifications', ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push(q);
        const kind = q.get('kind');
        const all = sample(45).filter((n) => !kind || n.kind === kind);
        const limit = Number(q.get('limit'));
        const from = (Number(q.get('page') ?? 1) - 1) * limit;
        return HttpResponse.json({ notifications: all.slice(from, from + limit), unread: markedAll ? 0 : 2, total: all.length });
      }),
      mockApi.post('/api/notifications/read', async ({ request }) => {
        markedAll = JSON.stringify(await request.json()) === '{}';
        return HttpResponse.json({ success: true, unread: 0 });
      }),
    );
    renderApp('/dashboard');
    const user = userEvent.setup();
    const bell = await screen.findByTestId('notifications-button');
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications: 2 unread'));
    await user.click(bell);
    expect(await screen.findByText('Person 1 sent a message')).toBeInTheDocument();
    expect(screen.getByText('Person 2 uploaded a zip file with type CSV')).toBeInTheDocument();
    expect(screen.getByText('Person 3 started a new topic')).toBeInTheDocument();
    expect(asked.at(-1)?.get('limit')).toBe('5');

    await user.click(screen.getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(markedAll).toBe(true));
    // The first click replaced the bell with the popover's own (loaded on first use).
    await waitFor(() => expect(screen.getByTestId('notifications-button')).toHaveAccessibleName('Notifications'));

    await user.click(screen.getByRole('button', { name: 'See all' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const list = await screen.findByTestId('notifications-page-list');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(20));
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(asked.at(-1)?.get('page')).toBe('3'));
    expect(await screen.findByText('41–45 of 45')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'New topics' }));
    await waitFor(() => expect(asked.at(-1)?.get('kind')).toBe('topic'));
    expect(asked.at(-1)?.get('page')).toBe('1');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(15));
    await user.click(screen.getByText('Unread'));
    await waitFor(() => expect(asked.at(-1)?.get('unread')).toBe('true'));
  });

  it('says what the work raised: low stock, a forgotten clock-out, a paid invoice; each opens its place', async () => {
    const at = new Date().toISOString();
    server.use(
      mockApi.get('/api/notifications', () =>
        HttpResponse.json({
          notifications: [
            {
              id: 3,
              kind: 'low_stock',
              actor: { id: 2, name: 'Sam Staff' },
              params: { name: 'Rolled oats', sku: 'OATS-1', on_hand: '4.5', reorder_level: '5', unit: 'kg', item_id: '7' },
              link: '/inventory?search=OATS-1',
              read: false,
              created_at: at,
            },
            {
              id: 2,
              kind: 'forgotten_clockout',
              actor: null,
              params: { name: 'Dara Davies', hours: '12', since: at, employee_id: '5' },
              link: '/employees?tab=now',
              read: false,
              created_at: at,
            },
            {
              id: 1,
              kind: 'invoice_paid',
              actor: { id: 2, name: 'Sam Staff' },
              params: { invoice: '2026-0007', client: 'Harbor Foods', total: '1500.00', currency: 'GBP' },
              link: '/payments/billing/9',
              read: true,
              created_at: at,
            },
          ],
          unread: 2,
          total: 3,
        }),
      ),
      mockApi.post('/api/notifications/read', () => HttpResponse.json({ success: true, unread: 1 })),
    );
    const { site } = renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('notifications-button'));
    const low = await screen.findByText('Rolled oats (OATS-1) is down to 4.5 kg, at or below its reorder level of 5');
    expect(low).toBeInTheDocument();
    const forgotten = screen.getByText('Dara Davies has been clocked in for over 12 hours — a forgotten clock-out?');
    expect(screen.getByText('Invoice 2026-0007 to Harbor Foods is paid in full (£1,500.00)')).toBeInTheDocument();
    await user.click(forgotten);
    await waitFor(() => expect(site.location.pathname + site.location.search).toBe('/employees?tab=now'));
  });

  it('with thousands unread, the bell asks for one notification and a count, and caps its badge at 99+', async () => {
    const limits: (string | null)[] = [];
    server.use(
      mockApi.get('/api/notifications', ({ request }) => {
        limits.push(new URL(request.url).searchParams.get('limit'));
        return HttpResponse.json({ notifications: sample(1), unread: 3000, total: 3000 });
      }),
    );
    renderApp('/dashboard');
    const bell = await screen.findByTestId('notifications-button');
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications: 99+ unread'));
    expect(screen.getByTestId('notifications-count')).toHaveTextContent(/^99\+$/);
    expect(limits).toEqual(['1']);
  });
});

describe('the bell in Persian', () => {
  beforeAll(() => setupI18n('ir'));

  it('shows the count in Persian digits, capped at ۹۹+', () => {
    const { rerender } = renderWithProviders(<NotificationsBell unread={42} />);
    expect(screen.getByTestId('notifications-count')).toHaveTextContent(/^۴۲$/);
    rerender(<NotificationsBell unread={3000} />);
    expect(screen.getByTestId('notifications-count')).toHaveTextContent(/^۹۹\+$/);
    rerender(<NotificationsBell unread={0} />);
    expect(screen.queryByTestId('notifications-count')).not.toBeInTheDocument();
  });
});
