import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import type { Schema } from '@/lib/api';
import { apiError, mockApi } from '@/test/api-mock';
import { server, VALID_TOKEN } from '@/test/msw';
import { renderApp, setupI18n, desktopMediaQueries } from '@/test/render';

const people: Schema<'AdminUser'>[] = [
  { id: 1, email: 'demo@packline.local', first_name: 'Dana', last_name: 'Demo', role: 'admin', active: true, two_factor: true, last_sign_in: '2026-11-23T14:00:00Z', created_at: '2026-07-01T10:00:00Z' },
  { id: 2, email: 'tom@packline.local', first_name: 'Tom', last_name: 'Becker', role: 'staff', active: false, two_factor: true, last_sign_in: null, created_at: '2026-05-01T10:00:00Z' },
];

const mails: Schema<'OutgoingMail'>[] = [
  { id: 3, kind: 'invoice', to: 'ap@harbor.example', subject: 'Invoice INV-2026-0003', status: 'logged', attempts: 1,
    last_error: '', created_at: '2026-11-23T10:00:00Z', next_attempt_at: null, sent_at: '2026-11-23T10:00:01Z' },
  { id: 2, kind: 'recovery', to: 'tom@packline.local', subject: 'Reset your Packline password', status: 'failed', attempts: 10,
    last_error: '421 mail server busy', created_at: '2026-11-23T09:00:00Z', next_attempt_at: null, sent_at: null },
  { id: 1, kind: 'invitation', to: 'new@packline.local', subject: 'You are invited', status: 'sent', attempts: 1,
    last_error: '', created_at: '2026-11-22T09:00:00Z', next_attempt_at: null, sent_at: '2026-11-22T09:00:01Z' },
];

/** GET /api/users over `people`, recording each query; PATCH answers with `patch`. */
function fakeUsers(patch?: (id: number, body: Record<string, unknown>) => Response, invitations: Schema<'Invitation'>[] = []) {
  const queries: URLSearchParams[] = [];
  const patches: Record<string, unknown>[] = [];
  server.use(
    mockApi.get('/api/users/invitations', () => HttpResponse.json({ invitations })),
    mockApi.get('/api/users', ({ request }) => {
      const q = new URL(request.url).searchParams;
      queries.push(q);
      const search = (q.get('search') ?? '').toLowerCase();
      const list = people.filter((u) => `${u.email} ${u.first_name} ${u.last_name}`.toLowerCase().includes(search));
      return HttpResponse.json({ users: list, total: list.length });
    }),
    mockApi.get('/api/users/mail', () => HttpResponse.json({ mails })),
    mockApi.patch('/api/users/{id}', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push(body);
      if (patch) return patch(Number(params.id), body);
      const u = people.find((p) => p.id === Number(params.id))!;
      return HttpResponse.json({ ...u, ...body });
    }),
  );
  return { queries, patches };
}

describe('users screen', { timeout: 60_000 }, () => {
  desktopMediaQueries();
  beforeAll(() => setupI18n('gb'));
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
  });

  it('shows the outgoing mail with its status and the mail server\'s last error', async () => {
    fakeUsers();
    renderApp('/users');
    const table = await screen.findByRole('table', { name: 'Outgoing mail' });
    const failed = await within(table).findByRole('row', { name: /tom@packline\.local/ });
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('Password reset')).toBeInTheDocument();
    expect(within(failed).getByText('Mail server: 421 mail server busy')).toBeInTheDocument();
    const sent = within(table).getByRole('row', { name: /new@packline\.local/ });
    expect(within(sent).getByText('Sent')).toBeInTheDocument();
    expect(within(sent).getByText('Invitation')).toBeInTheDocument();
    // Without a mail server a mail is logged, not sent, and says nobody received it.
    const logged = within(table).getByRole('row', { name: /ap@harbor\.example/ });
    expect(within(logged).getByText('Logged, not sent')).toBeInTheDocument();
    expect(within(logged).queryByText('Sent')).not.toBeInTheDocument();
    expect(within(logged).getByText(/^Written to the server log .*: no mail server is configured, so nobody received it\.$/)).toBeInTheDocument();
  });

  it('lists accounts with role, status and last sign-in, and searches on the server', async () => {
    const { queries } = fakeUsers();
    renderApp('/users');
    // The accounts' table: the outgoing mail's below it names Tom too.
    const accounts = await screen.findByRole('table', { name: 'Accounts' });
    const tom = await within(accounts).findByRole('row', { name: /tom@packline\.local/ });
    expect(within(tom).getByText('Deactivated')).toBeInTheDocument();
    expect(within(tom).getByText('Never')).toBeInTheDocument();
    const dana = within(accounts).getByRole('row', { name: /demo@packline\.local/ });
    expect(within(dana).getByText('Administrator')).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();

    await userEvent.setup().type(screen.getByLabelText('Search name or email'), 'tom');
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('tom'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /demo@packline\.local/ })).not.toBeInTheDocument());
  });

  it('deactivates after confirming, and says why the last admin stays', async () => {
    const { patches } = fakeUsers((id, body) =>
      body.role === 'staff'
        ? HttpResponse.json(apiError('The last active administrator cannot be demoted or deactivated.', 'users.last_admin'), { status: 409 })
        : HttpResponse.json({ ...people.find((p) => p.id === id)!, ...body }),
    );
    renderApp('/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'More for Dana Demo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make staff' }));
    expect(await screen.findByText(/The last active administrator cannot be demoted or deactivated/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'More for Dana Demo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Dana Demo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(patches).toEqual([{ role: 'staff' }, { active: false }]));
  });

  it('invites by mail with a role', async () => {
    fakeUsers();
    let sent: unknown;
    server.use(
      mockApi.post('/api/users/invitations', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { email: 'new@example.org', role: 'admin', expires_at: '2026-11-30T12:00:00Z', link: 'https://p.example.org/auth/signup?invitation=tok-1', mail: 'queued' },
          { status: 201 },
        );
      }),
    );
    renderApp('/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite by email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone' });
    await user.type(within(dialog).getByLabelText(/Email/), 'new@example.org');
    await user.click(within(dialog).getByText('Administrator'));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const done = await screen.findByRole('dialog', { name: 'Invitation for new@example.org' });
    expect(within(done).getByText('Invitation sent to new@example.org.')).toBeInTheDocument();
    expect(within(done).getByLabelText('Invitation link')).toHaveValue('https://p.example.org/auth/signup?invitation=tok-1');
    expect(sent).toEqual({ email: 'new@example.org', role: 'admin' });
    await user.click(within(done).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says an invitation was only logged when mail is not configured, and copies its link', async () => {
    fakeUsers();
    const link = 'http://192.168.1.20:8080/auth/signup?invitation=tok-2';
    server.use(
      mockApi.post('/api/users/invitations', () =>
        HttpResponse.json({ email: 'sam@example.org', role: 'staff', expires_at: '2026-11-30T12:00:00Z', link, mail: 'logged' }, { status: 201 }),
      ),
    );
    renderApp('/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite by email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone' });
    await user.type(within(dialog).getByLabelText(/Email/), 'sam@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const done = await screen.findByRole('dialog', { name: 'Invitation for sam@example.org' });
    expect(within(done).getByTestId('invitation-mail')).toHaveTextContent(
      'Not mailed: mail is not configured. Copy the link and send it to sam@example.org yourself.',
    );
    expect(within(done).queryByText('Invitation sent to sam@example.org.')).not.toBeInTheDocument();
    await user.click(within(done).getByRole('button', { name: 'Copy link' }));
    expect(await within(done).findByText('Link copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(link);
  });

  it('lists pending invitations with why one is void, resends one and revokes another after confirming', async () => {
    let invitations: Schema<'Invitation'>[] = [
      { id: 8, email: 'cy@example.org', role: 'admin', invited_by: 'Tom Becker', created_at: '2026-11-22T10:00:00Z', expires_at: '2026-11-29T10:00:00Z', void_reason: 'inviter_role' },
      { id: 5, email: 'bo@example.org', role: 'staff', invited_by: 'Dana Demo', created_at: '2026-11-20T10:00:00Z', expires_at: '2026-11-27T10:00:00Z', void_reason: null },
    ];
    const calls: string[] = [];
    fakeUsers();
    server.use(
      mockApi.get('/api/users/invitations', () => HttpResponse.json({ invitations })),
      mockApi.post('/api/users/invitations/{id}/resend', ({ params }) => {
        calls.push(`resend ${params.id}`);
        return HttpResponse.json({ email: 'bo@example.org', role: 'staff', expires_at: '2026-11-30T12:00:00Z', link: 'https://p.example.org/auth/signup?invitation=tok-3', mail: 'queued' });
      }),
      mockApi.delete('/api/users/invitations/{id}', ({ params }) => {
        calls.push(`revoke ${params.id}`);
        invitations = invitations.filter((i) => i.id !== Number(params.id));
        return HttpResponse.json({ success: true });
      }),
    );
    renderApp('/users');
    const user = userEvent.setup();
    const list = await screen.findByTestId('pending-invitations');
    expect(within(list).getByText('2 pending invitations')).toBeInTheDocument();
    const cyRow = within(list).getByRole('row', { name: /cy@example\.org/ });
    expect(within(cyRow).getAllByText('Void')[0]).toBeInTheDocument();
    expect(within(cyRow).getAllByText(/no longer an administrator, so it cannot make an administrator/)[0]).toBeInTheDocument();
    const boRow = within(list).getByRole('row', { name: /bo@example\.org/ });
    expect(within(boRow).getByText('Waiting')).toBeInTheDocument();
    expect(within(boRow).queryByText('Void')).not.toBeInTheDocument();
    // Desktop buttons and phone icons are both in the DOM (CSS shows one): use the first.
    await user.click(within(list).getAllByRole('button', { name: 'Resend the invitation to bo@example.org' })[0]);
    const resent = await screen.findByRole('dialog', { name: 'Invitation for bo@example.org' });
    expect(within(resent).getByText('Invitation sent again to bo@example.org; the earlier link no longer works.')).toBeInTheDocument();
    expect(within(resent).getByLabelText('Invitation link')).toHaveValue('https://p.example.org/auth/signup?invitation=tok-3');
    await user.click(within(resent).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(list).getAllByRole('button', { name: 'Revoke the invitation to cy@example.org' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the invitation to cy@example.org?' });
    expect(calls).toEqual(['resend 5']);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls).toEqual(['resend 5', 'revoke 8']));
    await waitFor(() => expect(screen.getByText('1 pending invitation')).toBeInTheDocument());
    expect(screen.queryByText('cy@example.org')).not.toBeInTheDocument();
  });

  it("resets someone else's two-factor sign-in after confirming, and never offers it on one's own account", async () => {
    fakeUsers();
    const resets: number[] = [];
    server.use(
      mockApi.post('/api/users/{id}/reset-2fa', ({ params }) => {
        resets.push(Number(params.id));
        return HttpResponse.json({ ...people[1], two_factor: false });
      }),
    );
    renderApp('/users');
    const user = userEvent.setup();
    const tom = await within(await screen.findByRole('table', { name: 'Accounts' })).findByRole('row', { name: /tom@packline\.local/ });
    expect(within(tom).getByText('2FA')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More for Dana Demo' }));
    expect(screen.queryByRole('menuitem', { name: 'Reset two-factor sign-in' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'More for Tom Becker' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reset two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-factor sign-in for Tom Becker?' });
    expect(resets).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Reset two-factor sign-in' }));
    await waitFor(() => expect(resets).toEqual([2]));
    expect(await screen.findByText('Two-factor sign-in is off for Tom Becker; they were signed out everywhere.')).toBeInTheDocument();
  });
});
