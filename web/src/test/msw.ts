import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** A user as GET /api/user returns it. */
export const demoUser = {
  id: 1,
  first_name: 'Dana',
  last_name: 'Okafor',
  email: 'demo@packline.local',
  role: 'admin',
  created_at: '2025-03-14T15:00:00Z',
  is_2fa_enabled: false,
};

export const DEMO_PASSWORD = 'packline-demo';
export const VALID_TOKEN = 'valid-token';

/** The fake API: the backend contract of issues 2 and 3, in memory. */
export const handlers = [
  http.post('/api/login', async ({ request }) => {
    const body = (await request.json()) as { email?: string; password?: string };
    if (body.email === demoUser.email && body.password === DEMO_PASSWORD) {
      return HttpResponse.json({
        user: { first_name: demoUser.first_name, last_name: demoUser.last_name, email: demoUser.email },
        token: VALID_TOKEN,
      });
    }
    return HttpResponse.json({ error: 'Invalid email or password.' }, { status: 401 });
  }),
  http.get('/api/user', ({ request }) => {
    const auth = request.headers.get('authorization');
    if (!auth) return HttpResponse.json({ error: 'No authentication token available' }, { status: 401 });
    if (auth !== `Bearer ${VALID_TOKEN}`) return HttpResponse.json({ error: 'Invalid or expired token' }, { status: 401 });
    return HttpResponse.json({ success: true, user: demoUser });
  }),
  http.post('/api/logout', () => HttpResponse.json({ success: true })),
  http.get('/api/settings/public', () =>
    HttpResponse.json({ organisation_name: 'Packline Demo', support_email: 'support@packline.local', time_zone: 'America/Chicago' }),
  ),
  http.get('/api/presence', () =>
    HttpResponse.json({
      visitors: [{ id: 1, first_name: 'Dana', last_name: 'Okafor', last_seen_at: new Date().toISOString() }],
      window_seconds: 300,
    }),
  ),
  http.get('/api/health', () => HttpResponse.json({ status: 'ok', version: 'v0.1.0-test', schema_version: 3 })),
  http.get('/api/user/preferences', () => HttpResponse.json({ language: 'gb', theme: 'light', nav_layout: 'side' })),
  http.patch('/api/user/preferences', async ({ request }) => {
    const body = (await request.json()) as Record<string, string>;
    return HttpResponse.json({ language: 'gb', theme: 'light', nav_layout: 'side', ...body });
  }),
  http.get('/api/notifications', () => HttpResponse.json({ notifications: [], unread: 0 })),
  http.get('/api/staff/timeclock/now', () =>
    HttpResponse.json({ clocked_in: [], count: 0, forgotten_count: 0, max_shift_hours: 12, time_zone: 'America/Chicago' }),
  ),
  http.get('/api/inventory/warnings', () => HttpResponse.json({ low_stock: [], expiring: [], expiring_within_days: 30 })),
  http.get('/api/production/today', () =>
    HttpResponse.json({ date: '2026-01-15', units: 0, labour_hours: 0, units_per_labour_hour: null, best_line: null }),
  ),
  http.post('/api/notifications/read', () => HttpResponse.json({ success: true })),
];

export const server = setupServer(...handlers);
