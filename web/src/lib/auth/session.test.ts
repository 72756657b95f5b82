import { http, HttpResponse } from 'msw';
import { mockApi } from '@/test/api-mock';
import { DEMO_PASSWORD, server, VALID_TOKEN } from '@/test/msw';
import { resetSessionForTests, session } from './session';
import { TOKEN_KEY } from './token-storage';

describe('session (SPEC §4)', () => {
  beforeEach(() => resetSessionForTests());

  it('keeps the token in localStorage with remember me', async () => {
    await session.login({ email: 'demo@packline.local', password: DEMO_PASSWORD, remember: true });
    expect(localStorage.getItem(TOKEN_KEY)).toBe(VALID_TOKEN);
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(session.getState().status).toBe('authenticated');
    expect(session.getState().user?.userName).toBe('Dana Okafor');
  });

  it('keeps the token in sessionStorage without remember me', async () => {
    await session.login({ email: 'demo@packline.local', password: DEMO_PASSWORD, remember: false });
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe(VALID_TOKEN);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("throws 'Login failed: {body}' on wrong credentials and stays signed out", async () => {
    await expect(session.login({ email: 'demo@packline.local', password: 'nope', remember: false })).rejects.toThrow(
      'Login failed: {"error":"Invalid email or password.","code":"auth.bad_credentials","params":{}}',
    );
    expect(session.getState().user).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('re-checks a stored token at start with GET /api/user', async () => {
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
    await session.ready();
    expect(session.getState().status).toBe('authenticated');
    expect(session.getState().user?.email).toBe('demo@packline.local');
    expect(session.getState().user?.createdAt).toBe('2025-03-14T15:00:00Z');
  });

  it('a failed re-check clears both storages and signals the sign-out', async () => {
    localStorage.setItem(TOKEN_KEY, 'revoked');
    sessionStorage.setItem(TOKEN_KEY, 'revoked');
    const reasons: string[] = [];
    session.onSignOut((r) => reasons.push(r));
    await session.ready();
    expect(session.getState().status).toBe('anonymous');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(reasons).toEqual(['check_failed']);
  });

  it('logout revokes the token on the server and clears the user and both storages', async () => {
    let revoked: string | null = null;
    server.use(
      mockApi.post('/api/logout', ({ request }) => {
        revoked = request.headers.get('authorization');
        return HttpResponse.json({ success: true });
      }),
    );
    await session.login({ email: 'demo@packline.local', password: DEMO_PASSWORD, remember: true });
    sessionStorage.setItem(TOKEN_KEY, 'leftover');
    await session.logout();
    expect(revoked).toBe(`Bearer ${VALID_TOKEN}`);
    expect(session.getState()).toEqual({ status: 'anonymous', user: null, token: null });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  // Last: once the page is being left it stays so for this module.
  it('a re-check cut short by leaving the page keeps the token (the next page checks again)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
      server.use(http.get('/api/user', () => HttpResponse.error()));
      window.dispatchEvent(new Event('beforeunload'));
      const ready = session.ready();
      await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));
      expect(localStorage.getItem(TOKEN_KEY)).toBe(VALID_TOKEN);
      // The page did not go after all: then the check did fail.
      await vi.runAllTimersAsync();
      await ready;
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
