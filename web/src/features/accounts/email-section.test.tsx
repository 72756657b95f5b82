import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { QueryProvider } from '@/components/query-provider';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { mockApi } from '@/test/api-mock';
import { DEMO_PASSWORD, server, VALID_TOKEN } from '@/test/msw';
import { renderWithProviders, setupI18n } from '@/test/render';
import { EmailSection } from './components/email-section';

/** Preferences → Email, asking for a new address; the server answers whether its link was mailed or only logged. */
async function askForNewAddress(mail: 'queued' | 'logged') {
  server.use(mockApi.post('/api/user/email', () => HttpResponse.json({ success: true, mail }, { status: 202 })));
  renderWithProviders(
    <QueryProvider>
      <MemoryRouter>
        <EmailSection />
      </MemoryRouter>
    </QueryProvider>,
  );
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^New email/), 'dana@new.example');
  await user.type(screen.getByLabelText(/^Current password/), DEMO_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
}

describe('email change', { timeout: 60_000 }, () => {
  beforeAll(() => setupI18n('gb'));
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
  });

  it('says the link was mailed to the new address', async () => {
    await askForNewAddress('queued');
    expect(await screen.findByText('We sent a link to dana@new.example. Open it to confirm the new address.')).toBeInTheDocument();
  });

  it('says no link was mailed when mail is not configured', async () => {
    await askForNewAddress('logged');
    expect(await screen.findByRole('status')).toHaveTextContent(/^Not sent: mail is not configured on this server, so no link reaches dana@new\.example\./);
    expect(screen.queryByText(/We sent a link/)).not.toBeInTheDocument();
  });
});
