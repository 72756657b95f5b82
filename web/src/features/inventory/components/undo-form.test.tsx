import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { QueryProvider } from '@/components/query-provider';
import i18n from '@/i18n';
import type { Schema } from '@/lib/api';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { apiError, mockApi } from '@/test/api-mock';
import { server, VALID_TOKEN } from '@/test/msw';
import { renderWithProviders, setupI18n } from '@/test/render';
import { UndoForm } from './undo-form';

const receive: Schema<'Move'> = {
  id: 7, batch_id: 11, item_id: 1, reason: 'receive', quantity: 1250.5, balance_after: 1250.5, counted: null, note: '',
  reverses_id: null, reverses_reason: null, reversed_by_id: null, document: null, owner: null, user_id: 1, user_name: 'Dana', created_at: '2025-08-01T15:00:00Z',
};

// The server refuses to undo a receive whose stock was partly used: 409 with the code
// move.undo_insufficient and the figures as params.
function refuseUndo() {
  server.use(
    mockApi.post('/api/inventory/moves/{id}/reverse', () =>
      HttpResponse.json(
        apiError(
          'Cannot undo: batch RICE-A has only 12.5 kg on hand and undoing this move takes out 1250.5 kg. Undo the later moves first.',
          'move.undo_insufficient',
          { batch: 'RICE-A', on_hand: '12.5', wanted: '1250.5', unit: 'kg' },
        ),
        { status: 409 },
      ),
    ),
  );
}

async function undo() {
  renderWithProviders(
    <QueryProvider>
      <UndoForm move={receive} unit="kg" onDone={() => undefined} />
    </QueryProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: i18n.t('inventory.undo.confirm') }));
}

describe('a refused undo, translated by its code', () => {
  beforeEach(() => {
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
    refuseUndo();
  });
  afterAll(() => setupI18n('gb'));

  it('in Persian, with Persian digits', async () => {
    await setupI18n('ir');
    await undo();
    const toast = await screen.findByText(/برگرداندن ممکن نیست/);
    expect(toast.textContent).toContain('RICE-A');
    expect(toast.textContent).toContain('۱۲٫۵');
    expect(toast.textContent).toContain('۱٬۲۵۰٫۵');
    expect(toast.textContent).not.toMatch(/[0-9]/);
    expect(toast.textContent).not.toContain('Cannot undo');
  });

  it('in English, with the figures formatted for the locale', async () => {
    await setupI18n('gb');
    await undo();
    expect(
      await screen.findByText(
        'Cannot undo: batch RICE-A has only 12.5 kg on hand and undoing this move takes out 1,250.5 kg. Undo the later moves first.',
      ),
    ).toBeInTheDocument();
  });

  it('names the owner of an owned move, worded for its kind', async () => {
    const refuse = (params: Record<string, string | number>) =>
      server.use(
        mockApi.post('/api/inventory/moves/{id}/reverse', () =>
          HttpResponse.json(apiError('This move belongs to its owner.', 'move.owned', params), { status: 409 }),
        ),
      );
    await setupI18n('es');
    refuse({ kind: 'shipment', id: 42, number: 'SHP-2026-0042' });
    await undo();
    expect(await screen.findByText('Este movimiento pertenece al envío SHP-2026-0042: cancela el envío para deshacerlo.')).toBeInTheDocument();
  });

  it('falls back to the English sentence for a code the app does not know', async () => {
    server.use(
      mockApi.post('/api/inventory/moves/{id}/reverse', () =>
        HttpResponse.json(apiError('Something new went wrong.', 'brand.new_code'), { status: 409 }),
      ),
    );
    await setupI18n('ir');
    await undo();
    expect(await screen.findByText('Something new went wrong.')).toBeInTheDocument();
  });
});
