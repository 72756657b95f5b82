import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { apiError, mockApi } from '@/test/api-mock';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { server, VALID_TOKEN } from '@/test/msw';
import { renderApp, setupI18n } from '@/test/render';

const SECRET = 'JBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

/** An in-memory two-factor state behind GET/PATCH /api/user/2fa and the set-up; records each PATCH body. */
function fakeTwoFactor(initially = false) {
  let enabled = initially;
  const left = initially ? 7 : 10;
  const patches: Record<string, unknown>[] = [];
  server.use(
    mockApi.get('/api/user/2fa', () => HttpResponse.json({ is2FAEnabled: enabled, recovery_codes_left: enabled ? left : 0 })),
    mockApi.post('/api/user/2fa/setup', () =>
      HttpResponse.json({ secret: SECRET, otpauth_url: `otpauth://totp/Packline:demo@packline.local?issuer=Packline&secret=${SECRET}` }),
    ),
    mockApi.patch('/api/user/2fa', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push(body);
      if (body.is2FAEnabled === true) {
        if (body.password !== 'correct-horse') {
          return HttpResponse.json(apiError('The password is not correct.', 'user.password_incorrect', {}, 'password'), { status: 400 });
        }
        if (body.code !== '123456') {
          return HttpResponse.json(apiError('The code is not valid.', 'twofactor.code_invalid', {}, 'code'), { status: 400 });
        }
        enabled = true;
        return HttpResponse.json({ success: true, recovery_codes: CODES });
      }
      if (body.password !== 'correct-horse') {
        return HttpResponse.json(apiError('The password is not correct.', 'user.password_incorrect', {}, 'password'), { status: 400 });
      }
      enabled = false;
      return HttpResponse.json({ success: true });
    }),
    mockApi.get('/api/user/sessions', () => HttpResponse.json({ sessions: [] })),
  );
  return { patches };
}

describe('preferences: two-factor authentication', { timeout: 60_000 }, () => {
  beforeAll(() => setupI18n('gb'));
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
  });

  it('sets up with a QR code and the key, turns on only with a right code and the password, shows the recovery codes once', async () => {
    const { patches } = fakeTwoFactor();
    renderApp('/preferences');
    const user = userEvent.setup();
    const section = await screen.findByTestId('two-factor-section', {}, { timeout: 20_000 });

    await user.click(await within(section).findByRole('button', { name: 'Set up two-factor authentication' }, { timeout: 20_000 }));
    // The QR code's module loads on demand: on a busy machine its first compile takes a while.
    expect(await within(section).findByRole('img', { name: 'QR code for the authenticator app' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(within(section).getByTestId('totp-secret')).toHaveTextContent(SECRET);

    const code = within(section).getByLabelText('6-digit code from the app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    const turnOn = within(section).getByRole('button', { name: 'Turn on' });
    expect(turnOn).toBeDisabled();
    // Only digits go in, six at most.
    await user.type(code, '12a34567');
    expect(code).toHaveValue('123456');
    // The password is asked too: without it the button stays off.
    expect(turnOn).toBeDisabled();
    const password = within(section).getByLabelText(/^Your password/, { selector: 'input[type="password"]' });
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await user.type(password, 'wrong-horse');
    await user.click(turnOn);
    expect(await within(section).findByText('The password is not correct.')).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(/The password is not correct/);
    expect(within(section).queryByTestId('recovery-codes')).not.toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'correct-horse');
    await user.clear(code);
    await user.type(code, '000000');
    await user.click(turnOn);
    expect(await within(section).findByText(/The code is not valid/)).toBeInTheDocument();
    expect(within(section).queryByTestId('recovery-codes')).not.toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(turnOn);
    const list = await within(section).findByTestId('recovery-codes');
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getByText(CODES[0])).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(patches).toEqual([
      { is2FAEnabled: true, code: '123456', password: 'wrong-horse' },
      { is2FAEnabled: true, code: '000000', password: 'correct-horse' },
      { is2FAEnabled: true, code: '123456', password: 'correct-horse' },
    ]);

    // Dismissed, the codes are gone for good; the section says it is on.
    await user.click(within(list).getByRole('button', { name: 'I have saved them' }));
    expect(await within(section).findByText('On')).toBeInTheDocument();
    expect(within(section).getByText('10 recovery codes left')).toBeInTheDocument();
    expect(within(section).queryByText(CODES[0])).not.toBeInTheDocument();
  });

  it('turns off with the password, keeping the dialog open on a wrong one', async () => {
    const { patches } = fakeTwoFactor(true);
    renderApp('/preferences');
    const user = userEvent.setup();
    const section = await screen.findByTestId('two-factor-section', {}, { timeout: 20_000 });
    expect(await within(section).findByText('7 recovery codes left')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication' });
    await user.click(within(dialog).getByText('Password'));
    await user.type(within(dialog).getByLabelText(/^Password/, { selector: 'input[type="password"]' }), 'wrong-horse');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('The password is not correct.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/^Password/, { selector: 'input[type="password"]' }));
    await user.type(within(dialog).getByLabelText(/^Password/, { selector: 'input[type="password"]' }), 'correct-horse');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches.at(-1)).toEqual({ is2FAEnabled: false, password: 'correct-horse' });
    expect(await within(section).findByRole('button', { name: 'Set up two-factor authentication' })).toBeInTheDocument();
  });
});
