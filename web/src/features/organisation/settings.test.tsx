import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { apiError, mockApi } from '@/test/api-mock';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { demoPreferences, demoUser, server, VALID_TOKEN } from '@/test/msw';
import { renderApp, setupI18n } from '@/test/render';

const initial = {
  organisation_name: 'Packline Demo',
  support_email: 'support@packline.local',
  time_zone: 'America/Chicago',
  max_shift_hours: 12,
  day_start_hour: 6,
  day_end_hour: 18,
};

/** An in-memory GET/PATCH /api/settings; records each PATCH body. */
function fakeSettings(opts: { patch?: (body: Record<string, unknown>) => Response | undefined } = {}) {
  let current = { ...initial };
  const patches: Record<string, unknown>[] = [];
  server.use(
    mockApi.get('/api/settings', () => HttpResponse.json(current)),
    mockApi.get('/api/settings/public', () =>
      HttpResponse.json({
        organisation_name: current.organisation_name,
        support_email: current.support_email,
        time_zone: current.time_zone,
        mail_configured: true,
      }),
    ),
    mockApi.patch('/api/settings', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push(body);
      const answer = opts.patch?.(body);
      if (answer) return answer;
      current = { ...current, ...body };
      return HttpResponse.json(current);
    }),
  );
  return { patches };
}

// Lazy routes compile on first use and these tests type a lot: give them room on a busy machine.
describe('settings screen', { timeout: 60_000 }, () => {
  beforeAll(() => setupI18n('gb'));
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
  });

  it('lets an admin change settings, saving only what changed', async () => {
    const { patches } = fakeSettings();
    renderApp('/settings');
    const user = userEvent.setup();

    const email = await screen.findByLabelText(/Support email/);
    expect(email).toHaveValue('support@packline.local');
    const save = screen.getByRole('button', { name: 'Save' });
    const reset = screen.getByRole('button', { name: 'Reset' });
    expect(save).toBeDisabled();
    expect(reset).toBeDisabled();

    await user.clear(email);
    await user.paste('help@example.org');
    const hours = screen.getByLabelText(/Maximum shift/);
    await user.clear(hours);
    await user.type(hours, '10');
    expect(screen.getByRole('status')).toHaveTextContent('You have unsaved changes.');
    expect(save).toBeEnabled();

    await user.click(save);
    await waitFor(() => expect(patches).toEqual([{ support_email: 'help@example.org', max_shift_hours: 10 }]));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    await waitFor(() => expect(save).toBeDisabled());
    expect(email).toHaveValue('help@example.org');
    // The navbar's support link follows the saved address.
    await waitFor(() =>
      expect(screen.getAllByTestId('support-link')[0]).toHaveAttribute('href', 'mailto:help@example.org'),
    );
  });

  it('lets an admin upload, replace and remove the logo, refusing one over 512 KB before sending', async () => {
    fakeSettings();
    let logo: string | undefined;
    const puts: string[] = [];
    let deletes = 0;
    server.use(
      mockApi.get('/api/settings', () => HttpResponse.json({ ...initial, ...(logo ? { logo_url: logo } : {}) })),
      mockApi.put('/api/settings/logo', async ({ request }) => {
        const file = (await request.formData()).get('file') as File;
        const text = await file.text();
        puts.push(text);
        // As the server does: the bytes decide, not the name.
        if (!text.startsWith('\x89PNG')) return HttpResponse.json(apiError('The logo must be a PNG, JPEG, WebP or SVG image.', 'settings.logo_type', {}, 'file'), { status: 400 });
        logo = `/api/public/logo?v=${puts.length}`;
        return HttpResponse.json({ content_type: 'image/png', size: file.size, logo_url: logo });
      }),
      mockApi.delete('/api/settings/logo', () => {
        deletes++;
        logo = undefined;
        return HttpResponse.json({ success: true });
      }),
    );
    renderApp('/settings');
    const user = userEvent.setup();
    const card = await screen.findByTestId('settings-logo');
    expect(within(card).getByText(/No logo yet/)).toBeInTheDocument();
    const input = () => card.querySelector('input[type=file]') as HTMLInputElement;

    // Over the limit: refused here, in the server's words, and nothing is sent.
    await user.upload(input(), new File([new Uint8Array(512 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('The logo must be at most 512 KB.');
    expect(puts).toEqual([]);

    // The server decides the type from the bytes: its refusal is shown translated.
    await user.upload(input(), new File(['just text'], 'notes.png', { type: 'image/png' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('The logo must be a PNG, JPEG, WebP or SVG image.');

    await user.upload(input(), new File(['\x89PNG'], 'logo.png', { type: 'image/png' }));
    expect(await within(card).findByTestId('settings-logo-image')).toHaveAttribute('src', '/api/public/logo?v=2');
    expect(within(card).getByRole('button', { name: 'Replace logo' })).toBeInTheDocument();

    // Removing asks first; Cancel keeps it.
    await user.click(within(card).getByRole('button', { name: 'Remove logo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the logo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes).toBe(0);
    await user.click(within(card).getByRole('button', { name: 'Remove logo' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove the logo?' })).getByRole('button', { name: 'Remove logo' }));
    await waitFor(() => expect(deletes).toBe(1));
    expect(await within(card).findByText(/No logo yet/)).toBeInTheDocument();
  });

  it('Reset puts back the saved values', async () => {
    fakeSettings();
    renderApp('/settings');
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/Organisation name/);
    await user.type(name, ' Co-op');
    expect(name).toHaveValue('Packline Demo Co-op');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(name).toHaveValue('Packline Demo');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows validation errors on the fields and sends nothing', async () => {
    const { patches } = fakeSettings();
    renderApp('/settings');
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/Organisation name/);
    await user.clear(name);
    await user.type(name, '   ');
    const email = screen.getByLabelText(/Support email/);
    await user.clear(email);
    await user.paste('not an email');
    const hours = screen.getByLabelText(/Maximum shift/);
    await user.clear(hours);
    await user.type(hours, '49');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The organisation name must be 1 to 200 characters.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address, such as support@example.org.')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number of hours from 1 to 48.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(patches).toEqual([]);

    // Fixing a field clears its error.
    await user.clear(hours);
    await user.type(hours, '8');
    expect(screen.queryByText('Enter a whole number of hours from 1 to 48.')).not.toBeInTheDocument();
  });

  it('keeps read notifications for the days an admin sets, 7 to 3650 (90 until set)', async () => {
    const { patches } = fakeSettings();
    renderApp('/settings');
    const user = userEvent.setup();
    const days = await screen.findByLabelText(/Keep read notifications for/);
    expect(days).toHaveValue('90');
    expect(screen.getByText(/Read notifications older than this are deleted; unread ones are kept/)).toBeInTheDocument();

    await user.clear(days);
    await user.type(days, '6');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number of days from 7 to 3650.')).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(patches).toEqual([]);

    await user.clear(days);
    await user.type(days, '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toEqual([{ notification_retention_days: 30 }]));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(days).toHaveValue('30');
  });

  it("shows the server's refusal of the retention on its field", async () => {
    fakeSettings({
      patch: () =>
        HttpResponse.json(apiError('Read notifications must be kept 7 to 3650 days.', 'settings.notification_retention_range', { min: 7, max: 3650 }, 'notification_retention_days'), {
          status: 400,
        }),
    });
    renderApp('/settings');
    const user = userEvent.setup();
    const days = await screen.findByLabelText(/Keep read notifications for/);
    await user.clear(days);
    await user.type(days, '45');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number of days from 7 to 3650.')).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
  });

  it("puts the server's 400 on the field it blames", async () => {
    fakeSettings({
      patch: () => HttpResponse.json({ error: 'Unknown time zone.', field: 'time_zone' }, { status: 400 }),
    });
    renderApp('/settings');
    const user = userEvent.setup();
    const zone = await screen.findByLabelText(/Time zone/, { selector: 'input' });
    await user.click(zone);
    await user.clear(zone);
    await user.type(zone, 'Kolkata');
    await user.click(await screen.findByRole('option', { name: /Kolkata/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a time zone from the list.')).toBeInTheDocument();
    expect(zone).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows staff the values read-only', async () => {
    fakeSettings();
    server.use(
      mockApi.get('/api/user', () => HttpResponse.json({ success: true, user: { ...demoUser, role: 'staff' }, preferences: demoPreferences })),
    );
    renderApp('/settings');
    expect(await screen.findByText('Only an administrator can change these settings.')).toBeInTheDocument();
    const list = screen.getByText('Support email').closest('dl') as HTMLElement;
    expect(within(list).getByText('support@packline.local')).toBeInTheDocument();
    expect(within(list).getByText('America/Chicago')).toBeInTheDocument();
    expect(within(list).getByText('12')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('offers a reload when the settings cannot be loaded', async () => {
    let fail = true;
    server.use(
      mockApi.get('/api/settings', () =>
        fail ? HttpResponse.json(apiError('An internal error occurred.', 'internal'), { status: 500 }) : HttpResponse.json(initial),
      ),
    );
    renderApp('/settings');
    // Query by its text: a toast from an earlier test may also be an alert.
    const alert = (await screen.findByText('The settings could not be loaded.')).closest('[role="alert"]') as HTMLElement;
    expect(alert).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(await screen.findByLabelText(/Support email/)).toHaveValue('support@packline.local');
  });
});
