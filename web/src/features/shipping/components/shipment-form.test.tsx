import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { QueryProvider } from '@/components/query-provider';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { mockApi } from '@/test/api-mock';
import { server, VALID_TOKEN } from '@/test/msw';
import { loadNamespaces } from '@/i18n';
import { renderWithProviders, setupI18n } from '@/test/render';
import '../strings';
import { ShipmentForm } from './shipment-form';

describe('the shipment form', () => {
  beforeAll(async () => {
    await setupI18n('gb');
    await loadNamespaces('shell');
  });
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
    server.use(
      mockApi.get('/api/inventory/items', () => HttpResponse.json({ items: [], total: 0, page: 1, page_size: 20 })),
      mockApi.get('/api/projects/options', () => HttpResponse.json({ projects: [], people: [] })),
    );
  });

  it('closes at once when nothing was entered, and asks before losing what was', async () => {
    let closed = 0;
    const user = userEvent.setup();
    renderWithProviders(
      <QueryProvider>
        <MemoryRouter>
          <ShipmentForm shipment={null} today="2026-11-29" onClose={() => closed++} onSaved={() => {}} onError={() => {}} />
        </MemoryRouter>
      </QueryProvider>,
    );
    const form = await screen.findByRole('dialog', { name: 'New shipment' });
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(closed).toBe(1);

    await user.type(within(form).getByRole('combobox', { name: /^Destination/ }), 'Eastside Pantry');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).not.toBeInTheDocument());
    expect(closed).toBe(1);
    expect(within(form).getByRole('combobox', { name: /^Destination/ })).toHaveValue('Eastside Pantry');

    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', { name: 'Discard' }));
    expect(closed).toBe(2);
  });
});
