import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { server, VALID_TOKEN } from '@/test/msw';
import { renderApp, setupI18n, desktopMediaQueries } from '@/test/render';
import type { Project } from '../api/projects';

const project = (id: number, name: string, over: Partial<Project> = {}): Project => ({
  id, name, client_id: 1, client_name: 'Eastside Pantry', owner_id: 1, owner_name: 'Dana Demo', team: [], status: 'in_progress',
  product_id: 9, product_sku: 'MEAL', product_name: 'Meal pouch', product_unit: 'pouch', target_units: 1000, start_date: '2026-11-01',
  due_date: '2026-12-01', notes: '', produced_units: 250, shipped_units: 100, progress: 25, shipped_progress: 10, days_left: 8,
  created_at: '2026-11-01T10:00:00Z', updated_at: '2026-11-01T10:00:00Z', ...over,
});

describe('projects page (/projects)', () => {
  desktopMediaQueries();
  beforeAll(() => setupI18n('gb'));
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
  });

  it('shows cards with the server’s progress, filters and sorts on the server, and switches to the table', async () => {
    const calls: string[] = [];
    server.use(
      http.get('/api/projects', ({ request }) => {
        calls.push(request.url);
        const status = new URL(request.url).searchParams.get('status');
        const list = status === 'completed' ? [project(2, 'Spring event', { status: 'completed', progress: 100, produced_units: 1000, days_left: null })] : [project(1, 'Winter drive')];
        return HttpResponse.json({ projects: list, total: list.length });
      }),
    );
    renderApp('/projects');
    const card = await screen.findByRole('article', { name: 'Winter drive' }, { timeout: 15_000 });
    expect(within(card).getByText('250 of 1,000 pouches (25%)')).toBeInTheDocument();
    expect(within(card).getByText('8 days left')).toBeInTheDocument();
    expect(calls.at(-1)).toContain('sort=due_date&order=asc&page=1&page_size=12');

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    expect(await screen.findByRole('article', { name: 'Spring event' })).toBeInTheDocument();
    expect(calls.at(-1)).toContain('status=completed');

    await user.click(screen.getByRole('button', { name: 'Ascending' }));
    await waitFor(() => expect(calls.at(-1)).toContain('order=desc'));

    await user.click(screen.getByText('Table'));
    const table = await screen.findByRole('table', { name: 'Projects' });
    expect(within(table).getByText('1,000 / 1,000 made, 100 shipped')).toBeInTheDocument();
  });

  it('ends the breadcrumb in the project’s own name, not "Project"', async () => {
    server.use(http.get('/api/projects/7', () => HttpResponse.json({ ...project(7, 'Winter drive'), production: [], shipments: [], recalls: [] })));
    renderApp('/projects/7');
    const crumb = await screen.findByTestId('breadcrumb', {}, { timeout: 15_000 });
    await waitFor(() => expect(crumb).toHaveTextContent(/Home\s*Projects\s*Winter drive$/));
    expect(within(crumb).getByText('Winter drive')).toHaveAttribute('aria-current', 'page');
    expect(within(crumb).queryByText('Project')).toBeNull();
  });

  it('warns of the open recalls that hold its meals, each linked', async () => {
    server.use(
      http.get('/api/projects/7', () =>
        HttpResponse.json({ ...project(7, 'Winter drive'), production: [], shipments: [], recalls: [{ id: 3, number: 'RCL-0003' }] }),
      ),
    );
    renderApp('/projects/7');
    const alert = await screen.findByTestId('project-recalls');
    expect(alert).toHaveTextContent('1 open recall holds meals made or shipped for this project');
    expect(within(alert).getByRole('link', { name: 'RCL-0003' })).toHaveAttribute('href', '/inventory/recalls/3');
  });
});
