import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { Schema } from '@/lib/api';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { mockApi } from '@/test/api-mock';
import { demoUser, server, VALID_TOKEN } from '@/test/msw';
import { renderApp, setupI18n } from '@/test/render';

const shown = (o: Partial<Schema<'FAQShown'>>): Schema<'FAQShown'> => ({
  id: 1, position: 1, topic: 'general', locale: 'gb', question: '', answer: '', fallback: false, ...o,
});

const ENTRIES = [
  shown({ id: 1, position: 1, topic: 'kiosk', question: 'How do employees clock in?', answer: 'Open the kiosk.\nTap your name.' }),
  shown({ id: 2, position: 2, topic: 'pins', question: 'How do I set a PIN?', answer: 'On Employees, choose Set PIN.' }),
  shown({ id: 3, position: 3, topic: 'recalls', question: 'Where did a batch go?', answer: 'Open the batch.' }),
];

describe('FAQ page', () => {
  let seen: URLSearchParams[];
  beforeAll(() => setupI18n('gb'));
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
    seen = [];
    server.use(
      mockApi.get('/api/faq', ({ request }) => {
        const q = new URL(request.url).searchParams;
        seen.push(q);
        const words = (q.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
        const entries = ENTRIES.filter(
          (e) => words.every((w) => `${e.question} ${e.answer}`.toLowerCase().includes(w)) && (!q.get('topic') || e.topic === q.get('topic')),
        );
        return HttpResponse.json({ entries, total: entries.length });
      }),
    );
  });

  it('lists the questions, opens an answer, and searches on the server', async () => {
    renderApp('/faq');
    expect(await screen.findByText('How do employees clock in?')).toBeInTheDocument();
    expect(screen.getByTestId('faq-count')).toHaveTextContent('3 questions');
    expect(seen[0]!.get('lang')).toBe('gb');

    fireEvent.click(screen.getByRole('button', { name: /How do I set a PIN\?/ }));
    expect(await screen.findByText('On Employees, choose Set PIN.')).toBeVisible();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the FAQ' }), { target: { value: 'batch' } });
    await waitFor(() => expect(screen.queryByText('How do employees clock in?')).not.toBeInTheDocument());
    expect(screen.getByText('Where did a batch go?')).toBeInTheDocument();
    expect(seen.at(-1)!.get('search')).toBe('batch');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the FAQ' }), { target: { value: 'nothing like this' } });
    expect(await screen.findByText('No question matches your search.')).toBeInTheDocument();
  });

  it('marks an answer shown in English because the language has none', async () => {
    server.use(
      mockApi.get('/api/faq', () =>
        HttpResponse.json({
          entries: [shown({ id: 9, question: 'How many pallets fit a lorry?', answer: 'Up to 26.', fallback: true })],
          total: 1,
        }),
      ),
    );
    renderApp('/faq');
    const control = await screen.findByRole('button', { name: /How many pallets fit a lorry\?/ });
    expect(control).toHaveAttribute('lang', 'en-GB');
    expect(within(control).getByTestId('faq-fallback')).toHaveTextContent('English');
    fireEvent.click(control);
    expect(await screen.findByText('Not yet translated: shown in English.')).toBeInTheDocument();
  });

  it('lets an admin add a question in two languages and delete one after confirming', async () => {
    let posted: Schema<'FAQInput'> | undefined;
    let deleted = 0;
    server.use(
      mockApi.post('/api/faq', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json(
          { id: 10, position: 4, topic: posted.topic ?? 'general', texts: posted.texts, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' },
          { status: 201 },
        );
      }),
      mockApi.delete('/api/faq/{id}', ({ params }) => {
        deleted = Number(params.id);
        return HttpResponse.json({ success: true as const });
      }),
    );
    renderApp('/faq');
    fireEvent.click(await screen.findByRole('button', { name: 'Add question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a question' });
    fireEvent.change(within(dialog).getByLabelText('Topic'), { target: { value: 'shipping' } });
    fireEvent.change(within(dialog).getByTestId('faq-question-gb'), { target: { value: 'How many pallets?' } });
    fireEvent.change(within(dialog).getByTestId('faq-answer-gb'), { target: { value: 'Up to 26.' } });
    fireEvent.click(within(dialog).getByRole('tab', { name: /Español/ }));
    fireEvent.change(await within(dialog).findByTestId('faq-question-es'), { target: { value: '¿Cuántos palés?' } });
    fireEvent.change(within(dialog).getByTestId('faq-answer-es'), { target: { value: 'Hasta 26.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toBeDefined());
    expect(posted).toEqual({
      topic: 'shipping',
      texts: [
        { locale: 'gb', question: 'How many pallets?', answer: 'Up to 26.' },
        { locale: 'es', question: '¿Cuántos palés?', answer: 'Hasta 26.' },
      ],
    });

    fireEvent.click(screen.getByRole('button', { name: /Where did a batch go\?/ }));
    const item = screen.getAllByTestId('faq-entry')[2]!;
    fireEvent.click(await within(item).findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this question?' });
    expect(deleted).toBe(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toBe(3));
  });

  it('shows staff no editing controls', async () => {
    server.use(mockApi.get('/api/user', () => HttpResponse.json({ success: true, user: { ...demoUser, role: 'staff' }, preferences: { language: 'gb', theme: 'light', nav_layout: 'side' } })));
    renderApp('/faq');
    fireEvent.click(await screen.findByRole('button', { name: /How do I set a PIN\?/ }));
    await screen.findByText('On Employees, choose Set PIN.');
    expect(screen.queryByRole('button', { name: 'Add question' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
