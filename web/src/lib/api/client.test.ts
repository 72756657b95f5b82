import { http, HttpResponse } from 'msw';
import { server } from '@/test/msw';
import { TOKEN_KEY } from '../auth/token-storage';
import { ApiError, apiRequest, apiUrl, publicRequest, setUnauthorizedHandler } from './client';
import { api, publicApi } from './typed';
import i18next from 'i18next';
import { i18nReady } from '@/i18n';
import { errorMessage } from '@/lib/errors';

describe('api client (SPEC §7)', () => {
  let loggedOut: number;
  beforeEach(() => {
    loggedOut = 0;
    setUnauthorizedHandler(() => {
      loggedOut += 1;
    });
  });

  it('prefixes /api once and never doubles it', () => {
    expect(apiUrl('/user')).toBe('/api/user');
    expect(apiUrl('user/name')).toBe('/api/user/name');
    expect(apiUrl('/api/user/name')).toBe('/api/user/name');
  });

  it('adds the Bearer token and a JSON content type', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok-1');
    let seen: Headers | undefined;
    server.use(
      http.patch('/api/user/name', ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({ success: true });
      }),
    );
    await expect(api.patch('/api/user/name', { body: { userName: 'A B' } })).resolves.toEqual({ success: true });
    expect(seen?.get('authorization')).toBe('Bearer tok-1');
    expect(seen?.get('content-type')).toBe('application/json');
  });

  it('sends a public body as JSON too: the kiosk\'s PIN checks and offline punches (the server refuses any other type)', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.post('/api/employees/validate-pin', ({ request }) => {
        seen.push(request.headers.get('content-type'));
        return HttpResponse.json({ valid: false, message: 'Incorrect PIN', code: 'pin.incorrect' });
      }),
      http.post('/api/kiosk/offline-punches', ({ request }) => {
        seen.push(request.headers.get('content-type'));
        return HttpResponse.json({ results: [] });
      }),
    );
    await publicApi.post('/api/employees/validate-pin', { body: { employee_id: 1, pin: '1234' } });
    await publicApi.post('/api/kiosk/offline-punches', { body: { punches: [] } });
    expect(seen).toEqual(['application/json', 'application/json']);
  });

  it('without a token logs out and throws "No authentication token available"', async () => {
    await expect(api.get('/api/user')).rejects.toThrow('No authentication token available');
    expect(loggedOut).toBe(1);
  });

  it('logs out on 401', async () => {
    sessionStorage.setItem(TOKEN_KEY, 'stale');
    server.use(http.get('/api/user', () => HttpResponse.json({ error: 'Invalid or expired token' }, { status: 401 })));
    const err = await api.get('/api/user').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).kind).toBe('unauthorized');
    expect(loggedOut).toBe(1);
  });

  it('logs out on a 403 saying the token is invalid', async () => {
    localStorage.setItem(TOKEN_KEY, 'stale');
    server.use(http.get('/api/things', () => HttpResponse.json({ error: 'Invalid or expired token' }, { status: 403 })));
    await expect(apiRequest('/things')).rejects.toBeInstanceOf(ApiError);
    expect(loggedOut).toBe(1);
  });

  it('keeps the session on a 403 for a missing permission', async () => {
    localStorage.setItem(TOKEN_KEY, 'good');
    server.use(http.get('/api/users', () => HttpResponse.json({ error: 'Admins only.' }, { status: 403 })));
    const err = (await apiRequest('/users').catch((e: unknown) => e)) as ApiError;
    expect(err.kind).toBe('forbidden');
    expect(err.serverMessage).toBe('Admins only.');
    expect(loggedOut).toBe(0);
  });

  it("throws 'HTTP error {status}: {text}' and keeps the server's message", async () => {
    localStorage.setItem(TOKEN_KEY, 'good');
    server.use(http.get('/api/boom', () => HttpResponse.json({ error: 'Name is required.' }, { status: 400 })));
    const err = (await apiRequest('/boom').catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe('HTTP error 400: {"error":"Name is required."}');
    expect(err.status).toBe(400);
    expect(err.serverMessage).toBe('Name is required.');
    expect(err.field).toBeUndefined();
    expect(loggedOut).toBe(0);
  });

  it('keeps the field a 400 blames', async () => {
    localStorage.setItem(TOKEN_KEY, 'good');
    server.use(
      http.patch('/api/settings', () =>
        HttpResponse.json({ error: 'Unknown time zone.', field: 'time_zone' }, { status: 400 }),
      ),
    );
    const err = (await api.patch('/api/settings', { body: { time_zone: 'Mars/Olympus' } }).catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(400);
    expect(err.field).toBe('time_zone');
    expect(err.serverMessage).toBe('Unknown time zone.');
  });

  it('rejects a non-JSON answer', async () => {
    localStorage.setItem(TOKEN_KEY, 'good');
    server.use(http.get('/api/page', () => HttpResponse.text('<html></html>', { headers: { 'content-type': 'text/html' } })));
    const err = (await apiRequest('/page').catch((e: unknown) => e)) as ApiError;
    expect(err.kind).toBe('invalid_json');
  });

  it('public calls send no token and never log out', async () => {
    localStorage.setItem(TOKEN_KEY, 'good');
    let auth: string | null = 'unset';
    server.use(
      http.get('/api/settings/public', ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ error: 'nope' }, { status: 401 });
      }),
    );
    await expect(publicRequest('/settings/public')).rejects.toThrow('HTTP error 401');
    expect(auth).toBeNull();
    expect(loggedOut).toBe(0);
  });
});

describe('errorMessage', () => {
  it('quotes the request id of a server fault, not of a refusal', async () => {
    await i18nReady;
    localStorage.setItem(TOKEN_KEY, 'good');
    server.use(
      http.get('/api/user', () => HttpResponse.json({ error: 'An internal error occurred.', code: 'internal', params: {}, request_id: '3f9c2a7b1e04d5c6' }, { status: 500 })),
      http.get('/api/user/preferences', () =>
        HttpResponse.json({ error: 'No.', code: 'forbidden', params: {}, request_id: 'aaaaaaaaaaaaaaaa' }, { status: 403 }),
      ),
    );
    const fault = await api.get('/api/user').catch((e: unknown) => e);
    expect(errorMessage(fault, i18next.t)).toBe('An internal error occurred. (Reference: 3f9c2a7b1e04d5c6)');
    const refusal = await api.get('/api/user/preferences').catch((e: unknown) => e);
    expect(errorMessage(refusal, i18next.t)).not.toContain('aaaaaaaaaaaaaaaa');
  });
});
