import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { mockApi } from '@/test/api-mock';
import { server, VALID_TOKEN } from '@/test/msw';
import { renderApp, setupI18n } from '@/test/render';
import type { Message, Topic } from '../api/chat';

const topic = (id: number, name: string, unread = 0): Topic => ({
  id,
  name,
  created_by: { id: 2, name: 'Sam Staff' },
  created_at: '2026-03-01T08:00:00Z',
  last_message_at: null,
  unread,
  last_read_id: 0,
});

const msg = (id: number, text: string, authorId = 2, at = '2026-03-01T09:00:00Z'): Message => ({
  id,
  topic_id: 1,
  author: { id: authorId, name: authorId === 1 ? 'Dana Demo' : 'Sam Staff' },
  text,
  created_at: at,
  edited_at: null,
  deleted: false,
});

function chatApi(calls: string[]) {
  const history = Array.from({ length: 45 }, (_, i) => msg(i + 1, `old message ${i + 1}`));
  server.use(
    mockApi.get('/api/chat/topics', () => HttpResponse.json({ topics: [topic(1, 'Packing line 2'), topic(2, 'Deliveries', 3)] })),
    mockApi.get('/api/chat/topics/{id}/messages', ({ request, params }) => {
      const q = new URL(request.url).searchParams;
      calls.push(`GET ${params.id} before=${q.get('before') ?? ''}`);
      if (params.id !== '1') return HttpResponse.json({ messages: [], has_more: false });
      const before = Number(q.get('before') ?? 1e9);
      const older = history.filter((m) => m.id < before);
      const page = older.slice(-30);
      return HttpResponse.json({ messages: page, has_more: older.length > 30 });
    }),
    mockApi.post('/api/chat/topics/{id}/read', async ({ request, params }) => {
      calls.push(`READ ${params.id} ${JSON.stringify(await request.json())}`);
      return HttpResponse.json({ success: true as const });
    }),
    mockApi.get('/api/projects/options', () => {
      calls.push('PEOPLE');
      return HttpResponse.json({
        projects: [],
        people: [
          { id: 1, name: 'Dana Demo' },
          { id: 2, name: 'Sam Staff' },
          { id: 3, name: 'Sara Silva' },
          { id: 4, name: 'Ben Adler' },
        ],
      });
    }),
    mockApi.post('/api/chat/topics/{id}/messages', async ({ request }) => {
      const { text } = await request.json();
      calls.push(`POST ${text}`);
      return HttpResponse.json(msg(100, text, 1, new Date().toISOString()), { status: 201 });
    }),
  );
}

describe('chat (/chat)', () => {
  beforeAll(() => setupI18n('gb'));
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
  });

  it('shows topics with unread marks, the newest messages, older ones on demand, and sends with Enter', async () => {
    const calls: string[] = [];
    chatApi(calls);
    renderApp('/chat');
    const topics = await screen.findByTestId('chat-topics');
    expect(within(topics).getByRole('button', { name: /Deliveries/ })).toHaveTextContent('3');
    expect(await screen.findByText('old message 45')).toBeInTheDocument();
    expect(screen.queryByText('old message 15')).not.toBeInTheDocument();
    await waitFor(() => expect(calls).toContain('READ 1 {"message_id":45}'));

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    expect(await screen.findByText('old message 15')).toBeInTheDocument();
    expect(calls).toContain('GET 1 before=16');

    const input = screen.getByTestId('chat-input');
    await user.type(input, 'Labels are in, @Sam');
    // Enter chooses the colleague offered, then sends.
    expect(await screen.findByRole('option', { name: '@Sam Staff' })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('Labels are in, @Sam Staff ');
    await user.type(input, 'thanks{Enter}');
    await waitFor(() => expect(calls).toContain('POST Labels are in, @Sam Staff thanks'));
    const mine = (await screen.findByText(/Labels are in,/)).closest('li')!;
    expect(within(mine).getByText('You')).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(mine).getByText('@Sam')).toBeInTheDocument();
    expect(input).toHaveValue('');
    // Others' messages cannot be edited.
    const theirs = screen.getByText('old message 45').closest('li')!;
    expect(within(theirs).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('offers colleagues after @, chosen with the arrows and Enter, closed with Escape', async () => {
    const calls: string[] = [];
    chatApi(calls);
    renderApp('/chat');
    expect(await screen.findByText('old message 45')).toBeInTheDocument();
    const input = screen.getByTestId('chat-input');
    const user = userEvent.setup();
    await user.type(input, 'Ask ');
    expect(calls).not.toContain('PEOPLE'); // loaded only once a mention starts
    await user.type(input, '@s');
    const list = await screen.findByRole('listbox', { name: 'Colleagues to mention' });
    // Names or surnames starting with "s", never oneself (Dana, id 1, signed in).
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['@Sam Staff', '@Sara Silva']);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(within(list).getByRole('option', { name: '@Sam Staff' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(within(list).getByRole('option', { name: '@Sara Silva' })).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', within(list).getByRole('option', { name: '@Sara Silva' }).id);
    await user.keyboard('{ArrowDown}'); // wraps around
    expect(within(list).getByRole('option', { name: '@Sam Staff' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(input).toHaveValue('Ask @Sara Silva ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]); // Enter chose; it did not send

    // The list narrows as one types, and Escape closes it; Enter then sends.
    await user.type(input, 'and @be');
    expect(within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['@Ben Adler']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls).toContain('POST Ask @Sara Silva and @be'));
    await waitFor(() => expect(input).toHaveValue(''));

    // Nobody matching: no list, Enter sends. A click chooses too.
    await user.type(input, 'hi @zz');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '@ben');
    await user.click(await screen.findByRole('option', { name: '@Ben Adler' }));
    expect(input).toHaveValue('@Ben Adler ');
  });

  it('starts a topic from the New topic dialog', async () => {
    const calls: string[] = [];
    chatApi(calls);
    server.use(
      mockApi.post('/api/chat/topics', async ({ request }) => {
        const { name } = await request.json();
        calls.push(`TOPIC ${name}`);
        return HttpResponse.json(topic(3, name), { status: 201 });
      }),
    );
    renderApp('/chat');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New topic' }));
    await user.type(await screen.findByLabelText(/Topic name/), 'Night shift');
    await user.click(screen.getByRole('button', { name: 'Start topic' }));
    await waitFor(() => expect(calls).toContain('TOPIC Night shift'));
  });
});
