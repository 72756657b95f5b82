import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryProvider } from '@/components/query-provider';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { mockApi } from '@/test/api-mock';
import { server, VALID_TOKEN } from '@/test/msw';
import { renderWithProviders, setupI18n } from '@/test/render';
import { RecipeEditor } from './recipe-editor';

const item = (id: number, sku: string, name: string, kind: 'raw_material' | 'packaging', unit: string) => ({
  id, sku, name, kind, unit, archived: false, batches: [], category: '', location: '', low_stock: false, notes: '',
  on_hand: 10, reorder_level: 0, created_at: '2026-10-01T00:00:00Z', updated_at: '2026-10-01T00:00:00Z',
});
const rice = item(1, 'RICE', 'Rice', 'raw_material', 'kg');
const soy = item(2, 'SOY', 'Soy', 'raw_material', 'kg');
const bag = item(3, 'BAG', 'Bag', 'packaging', 'each');
const comp = (it: typeof rice, quantity: number) => ({ item_id: it.id, quantity, sku: it.sku, name: it.name, unit: it.unit });
const v1 = { item_id: 100, version: 1, components: [comp(rice, 0.2), comp(bag, 1)], created_at: '2026-10-01T15:00:00Z' };
const v2 = { item_id: 100, version: 2, components: [comp(rice, 0.18), comp(bag, 1)], created_at: '2026-11-01T15:00:00Z' };

describe('recipe editor', () => {
  beforeAll(() => setupI18n('gb'));
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
  });

  it('edits the version in force with quantities exact to thousandths, saves a new version and keeps past ones read-only', async () => {
    const saved: unknown[] = [];
    let versions = [v2, v1];
    server.use(
      mockApi.get('/api/inventory/items/{id}/recipe/versions', () => Response.json({ versions })),
      mockApi.get('/api/inventory/items', ({ request }) => {
        const kind = new URL(request.url).searchParams.get('kind');
        const items = kind === 'packaging' ? [bag] : kind === 'raw_material' ? [rice, soy] : [];
        return Response.json({ items, total: items.length, page: 1, page_size: 100 });
      }),
      mockApi.put('/api/inventory/items/{id}/recipe', async ({ request }) => {
        const body = await request.json();
        saved.push(body);
        const v3 = { item_id: 100, version: 3, components: [comp(rice, 0.125), comp(bag, 1), comp(soy, 0.05)], created_at: '2026-11-23T15:00:00Z' };
        versions = [v3, v2, v1];
        return Response.json(v3);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <QueryProvider>
        <RecipeEditor itemId={100} />
      </QueryProvider>,
    );
    expect(await screen.findByText('Version 2 (in force)')).toBeInTheDocument();
    const q1 = screen.getByLabelText('Quantity of component 1');
    expect(q1).toHaveValue('0.18');
    // The past version is text, not a form.
    const past = screen.getByTestId('recipe-version-1');
    expect(past).toHaveTextContent('0.2 kg Rice');
    expect(within(past).queryByRole('textbox')).toBeNull();

    await user.tripleClick(q1);
    await user.keyboard('0.1256'); // a fourth decimal is not kept
    await waitFor(() => expect(q1).toHaveValue('0.125'));
    await user.click(screen.getByRole('button', { name: 'Add component' }));
    const save = screen.getByRole('button', { name: 'Save recipe' });
    expect(save).toBeDisabled(); // the new row has no item yet
    await user.click(screen.getByRole('combobox', { name: 'Component 3' }));
    await user.click(await screen.findByRole('option', { name: 'Soy (SOY) · kg' }));
    await user.type(screen.getByLabelText('Quantity of component 3'), '0.05');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() =>
      expect(saved).toEqual([{ components: [{ item_id: 1, quantity: 0.125 }, { item_id: 3, quantity: 1 }, { item_id: 2, quantity: 0.05 }] }]),
    );
    expect(await screen.findByText('Version 3 (in force)')).toBeInTheDocument();
    expect(screen.getByTestId('recipe-version-2')).toHaveTextContent('0.18 kg Rice');
  });
});
