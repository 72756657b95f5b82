import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { apiError, mockApi } from '@/test/api-mock';
import { demoPreferences, demoUser, server, VALID_TOKEN } from '@/test/msw';
import { renderApp, setupI18n } from '@/test/render';

describe('signup and recovery pages', { timeout: 60_000 }, () => {
  beforeAll(() => setupI18n('gb'));
  beforeEach(() => {
    resetSessionForTests();
    localStorage.clear();
    sessionStorage.clear();
  });

  it('says signup is by invitation when it is closed', async () => {
    server.use(mockApi.get('/api/signup', () => HttpResponse.json({ open: false, first_account: false, invitation: null, invitation_void: null })));
    renderApp('/auth/signup');
    expect(await screen.findByText(/Signing up is by invitation only/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });

  it('says why an invitation is void when its inviter can no longer grant it', async () => {
    server.use(
      mockApi.get('/api/signup', () =>
        HttpResponse.json({ open: false, first_account: false, invitation: null, invitation_void: 'inviter_inactive' }),
      ),
    );
    renderApp('/auth/signup?invitation=tok');
    expect(await screen.findByText(/the person who sent it can no longer grant it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });

  it('fills in the invited address, needs the terms, and signs the new account in', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      mockApi.get('/api/signup', ({ request }) =>
        HttpResponse.json({
          open: false,
          first_account: false,
          invitation: new URL(request.url).searchParams.get('invitation') === 'tok' ? { email: 'sam@example.org', role: 'staff' } : null,
          invitation_void: null,
        }),
      ),
      mockApi.post('/api/signup', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        if (body.password === 'password1234') {
          return HttpResponse.json(apiError('too common', 'user.password_common', {}, 'password'), { status: 400 });
        }
        return HttpResponse.json({ token: VALID_TOKEN, user: demoUser, preferences: demoPreferences }, { status: 201 });
      }),
    );
    const { site } = renderApp('/auth/signup?invitation=tok');
    const email = await screen.findByLabelText(/^Email/);
    expect(email).toHaveValue('sam@example.org');
    expect(email).toHaveAttribute('readonly');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^First name/), 'Sam');
    await user.type(screen.getByLabelText(/^Password/), 'password1234');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Accept the terms of use to create an account.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This password is too common; choose one that is harder to guess.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'sam packs boxes daily');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(site.location.pathname).toBe('/dashboard'));
    expect(body).toMatchObject({ first_name: 'Sam', email: 'sam@example.org', invitation: 'tok' });
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe(VALID_TOKEN);
  });

  it('mails a reset link, then sets the new password from it', async () => {
    const calls: string[] = [];
    server.use(
      mockApi.post('/api/password/recover', async ({ request }) => {
        calls.push(`recover ${((await request.json()) as { email: string }).email}`);
        return HttpResponse.json({ success: true, mail: 'queued' }, { status: 202 });
      }),
      mockApi.post('/api/password/reset', async ({ request }) => {
        calls.push(`reset ${((await request.json()) as { token: string }).token}`);
        return HttpResponse.json({ success: true });
      }),
    );
    const { site } = renderApp('/auth/recover-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'sam@example.org');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(site.location.pathname).toBe('/auth/recover-password-email'));

    renderApp('/auth/recover-password?token=abc');
    await user.type(await screen.findByLabelText(/^New password/), 'a brand new secret phrase');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Your password has been changed. Sign in with it now.')).toBeInTheDocument();
    expect(calls).toEqual(['recover sam@example.org', 'reset abc']);
  });

  it('after asking for a reset link, says no mail went out when the server has no mail server', async () => {
    server.use(
      mockApi.get('/api/settings/public', () =>
        HttpResponse.json({ organisation_name: 'Packline', support_email: 's@p.org', time_zone: 'America/Chicago', mail_configured: false }),
      ),
    );
    renderApp('/auth/recover-password-email');
    expect(await screen.findByRole('heading', { name: 'Mail is not configured' })).toBeInTheDocument();
    expect(screen.getByText(/This server sends no mail: the reset link, if the address has an account, is only written to the server's log/)).toBeInTheDocument();
    expect(screen.queryByText('Check your email')).not.toBeInTheDocument();
  });
});
