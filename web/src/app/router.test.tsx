import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { DEMO_PASSWORD, VALID_TOKEN } from '@/test/msw';
import { renderApp, setupI18n } from '@/test/render';
import type { RouteObject } from 'react-router';
import { routes } from './router';

describe('route guard (SPEC §2)', () => {
  beforeAll(() => setupI18n('gb'));
  beforeEach(() => resetSessionForTests());

  it('sends a signed-out visitor to login with the full wanted path, then there after login', async () => {
    const { site } = renderApp('/dashboard?view=today');
    await waitFor(() => expect(site.location.pathname).toBe('/auth/login'));
    expect(site.location.search).toBe(`?redirect=${encodeURIComponent('/dashboard?view=today')}`);

    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'demo@packline.local');
    await user.type(screen.getByLabelText(/^Password/), DEMO_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(site.location.pathname).toBe('/dashboard'));
    expect(site.location.search).toBe('?view=today');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe(VALID_TOKEN);
  });

  it('lands on the redirect target after login', async () => {
    const { site } = renderApp(`/auth/login?redirect=${encodeURIComponent('/dashboard?tab=today')}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'demo@packline.local');
    await user.type(screen.getByLabelText(/^Password/), DEMO_PASSWORD);
    await user.click(screen.getByLabelText('Keep me logged in'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(site.location.pathname).toBe('/dashboard'));
    expect(site.location.search).toBe('?tab=today');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Dana Okafor' })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe(VALID_TOKEN);
  });

  it('ignores an off-site redirect', async () => {
    const { site } = renderApp(`/auth/login?redirect=${encodeURIComponent('https://evil.example/')}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'demo@packline.local');
    await user.type(screen.getByLabelText(/^Password/), DEMO_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(site.location.pathname).toBe('/dashboard'));
  });

  it('shows the server-side rejection without leaving the page', async () => {
    const { site } = renderApp('/auth/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'demo@packline.local');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(site.location.pathname).toBe('/auth/login');
  });

  it('sends a signed-in user visiting any /auth path to the dashboard', async () => {
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
    const { site } = renderApp('/auth/signup');
    await waitFor(() => expect(site.location.pathname).toBe('/dashboard'));
  });

  it.each(['/', '/no/such/page'])('redirects %s to the dashboard', async (url) => {
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
    const { site } = renderApp(url);
    await waitFor(() => expect(site.location.pathname).toBe('/dashboard'));
  });

  it('redirects /auth to /auth/login', async () => {
    const { site } = renderApp('/auth');
    await waitFor(() => expect(site.location.pathname).toBe('/auth/login'));
  });

  it('a stored token that fails the re-check is cleared and the user goes to login', async () => {
    localStorage.setItem(TOKEN_KEY, 'revoked');
    const { site } = renderApp('/dashboard');
    await waitFor(() => expect(site.location.pathname).toBe('/auth/login'));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('logout goes to login and clears the token', async () => {
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
    const { site } = renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Account menu: / }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(site.location.pathname).toBe('/auth/login'));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});

describe('route table', () => {
  it('gives every leaf route something to render, so React Router never warns of an empty page', () => {
    const bare: string[] = [];
    const walk = (list: RouteObject[], at: string) => {
      for (const r of list) {
        const where = r.index ? `${at} (index)` : `${at}/${r.path ?? ''}`;
        if (r.children?.length) walk(r.children, where);
        else if (r.element === undefined && r.Component === undefined && r.lazy === undefined) bare.push(where);
      }
    };
    walk(routes, '');
    expect(bare).toEqual([]);
  });
});
