import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { mockApi } from '@/test/api-mock';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { demoPreferences, demoUser, server, VALID_TOKEN } from '@/test/msw';
import { renderApp, setupI18n } from '@/test/render';
import releases from 'virtual:changelog';

function signedIn() {
  localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
}

describe('app shell', () => {
  beforeAll(() => setupI18n('gb'));
  beforeEach(() => {
    resetSessionForTests();
    signedIn();
  });

  it('shows the breadcrumb from Home through each level', async () => {
    renderApp('/production/production-daily');
    const crumb = await screen.findByTestId('breadcrumb');
    await waitFor(() => expect(crumb).toHaveTextContent(/Home.*Production.*Production daily/));
    expect(within(crumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard');
    expect(within(crumb).getByText('Production daily')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 1, name: 'Production daily' })).toBeInTheDocument();
  });

  it('toggles the sidebar and reports its state', async () => {
    renderApp('/dashboard');
    const toggle = await screen.findByTestId('sidebar-toggle');
    const before = toggle.getAttribute('aria-expanded');
    const user = userEvent.setup();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe(before === 'true' ? 'false' : 'true');
    expect(toggle).toHaveAttribute('aria-controls', 'app-sidebar');
  });

  it("opens the patch notes: the latest release of Packline's CHANGELOG.md, its date and notes, earlier ones below", async () => {
    renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Patch Notes' }))[0]);
    const dialog = await screen.findByRole('dialog');
    const [latest, ...older] = releases.filter((r) => r.date);
    const [y, m, d] = latest.date!.split('-').map(Number);
    const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d, 12)));
    expect(within(dialog).getByTestId('patch-notes-date')).toHaveTextContent(`Latest update: ${date}`);
    const items = within(within(dialog).getByTestId('patch-notes-latest')).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(latest.sections.flatMap((s) => s.items));
    expect(dialog).not.toHaveTextContent('Trial banner');
    for (const r of older) expect(within(dialog).getByRole('button', { name: new RegExp(`Version ${r.version.replaceAll('.', '\\.')}`) })).toBeInTheDocument();
  });

  it('tells admins on every screen that mail is not configured, with the way to set it up', async () => {
    server.use(
      mockApi.get('/api/settings/public', () =>
        HttpResponse.json({ organisation_name: 'Packline Demo', support_email: 'support@packline.local', time_zone: 'America/Chicago', mail_configured: false }),
      ),
    );
    renderApp('/preferences');
    const banner = await screen.findByTestId('mail-banner');
    expect(banner).toHaveTextContent('Mail is not configured: messages are written to the server log, not sent.');
    const link = within(banner).getByRole('link', { name: 'Setting up mail' });
    expect(link).toHaveAttribute('href', 'https://github.com/packline/packline/blob/main/docs/operations.md#mail');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('shows no mail banner to staff', async () => {
    server.use(
      mockApi.get('/api/settings/public', () =>
        HttpResponse.json({ organisation_name: 'Packline Demo', support_email: 'support@packline.local', time_zone: 'America/Chicago', mail_configured: false }),
      ),
      mockApi.get('/api/user', () => HttpResponse.json({ success: true, user: { ...demoUser, role: 'staff' }, preferences: demoPreferences })),
    );
    renderApp('/dashboard');
    expect(await screen.findByTestId('support-link')).toBeInTheDocument();
    expect(screen.queryByTestId('mail-banner')).not.toBeInTheDocument();
  });

  it('shows no mail banner once mail is configured', async () => {
    renderApp('/dashboard');
    expect(await screen.findByTestId('support-link')).toBeInTheDocument();
    expect(screen.queryByTestId('mail-banner')).not.toBeInTheDocument();
  });

  it('links support to the organisation address', async () => {
    renderApp('/dashboard');
    const links = await screen.findAllByRole('link', { name: /support/i });
    expect(links.some((a) => a.getAttribute('href') === 'mailto:support@packline.local')).toBe(true);
  });

  it('profile menu leads to preferences, settings, billing, projects and FAQ', async () => {
    renderApp('/dashboard');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: /^Account menu: / });
    // Its name holds the initials it shows (WCAG 2.5.3: the label in the name).
    const shown = [...button.querySelectorAll('.mantine-Avatar-root, .mantine-Text-root')].map((e) => e.textContent).join(' ');
    expect(shown).toMatch(/\S/);
    expect(button).toHaveAccessibleName(expect.stringContaining(shown));
    await user.click(button);
    // The menu loads on first use and opens as it arrives.
    await screen.findByRole('menuitem', { name: 'Profile' });
    const hrefs = (name: string) => screen.getByRole('menuitem', { name }).getAttribute('href');
    expect(hrefs('Profile')).toBe('/preferences');
    expect(hrefs('Settings')).toBe('/settings');
    expect(hrefs('Billing')).toBe('/payments/billing');
    expect(hrefs('Projects')).toBe('/projects');
    expect(hrefs('FAQ')).toBe('/faq');
    expect(screen.getByRole('menuitem', { name: 'Help and support' })).toHaveAttribute('href', 'mailto:support@packline.local');
    expect(screen.getByRole('menuitem', { name: 'Change language' })).toBeInTheDocument();
    // No two entries lead to the same page.
    const targets = screen.getAllByRole('menuitem').map((item) => item.getAttribute('href')).filter(Boolean);
    expect(new Set(targets).size).toBe(targets.length);
  });

  it('saves the navigation layout choice and shows the top bar', async () => {
    const patches: unknown[] = [];
    server.use(
      mockApi.patch('/api/user/preferences', async ({ request }) => {
        const body = await request.json();
        patches.push(body);
        return HttpResponse.json({ language: 'gb', theme: 'light', nav_layout: 'top' });
      }),
    );
    renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByText('Top bar'));
    await waitFor(() => expect(patches).toContainEqual({ nav_layout: 'top' }));
    expect(localStorage.getItem('packline.nav-layout')).toBe('top');
    await waitFor(() => expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument());
  });
});
