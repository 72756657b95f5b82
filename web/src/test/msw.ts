import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Schema } from '@/lib/api';
import { apiError, mockApi } from './api-mock';

/** A user as GET /api/user returns it. */
export const demoUser: Schema<'User'> = {
  id: 1,
  first_name: 'Dana',
  last_name: 'Okafor',
  email: 'demo@packline.local',
  role: 'admin',
  created_at: '2025-03-14T15:00:00Z',
  last_login_at: null,
  is_2fa_enabled: false,
};

export const demoPreferences: Schema<'Preferences'> = { language: 'gb', theme: 'light', nav_layout: 'side' };

export const DEMO_PASSWORD = 'packline-demo';
export const VALID_TOKEN = 'valid-token';

/** The kiosk's offline punch key in tests: a P-256 key pair, the public half as the server gives it. */
export const kioskTestKey = {
  key_id: '0123456789abcdef',
  algorithm: 'ECDH-P256+HKDF-SHA256+A256GCM' as const,
  public_key: 'BLCteU3ifhNpz_EJQm3KZkW-YmF2nmFfQTGmAImvIoARmyhkJe-jEp8pIPckWlhJ-rnEkDmhUOzGIYRrTdAq6oE',
};
/** The private scalar of kioskTestKey (base64url), to open what the kiosk sealed. */
export const KIOSK_TEST_PRIVATE_KEY = 'ZzrqHQw05nFgLPwgVqCu_HVWcXwVFQTqU1ysyrcUxis';

/** The fake API: the backend contract of sign-in and the office app, in memory. */
export const handlers = [
  mockApi.post('/api/login', async ({ request }) => {
    const body = await request.json();
    if (body.email === demoUser.email && body.password === DEMO_PASSWORD) {
      return HttpResponse.json({ user: demoUser, token: VALID_TOKEN, preferences: demoPreferences });
    }
    return HttpResponse.json(apiError('Invalid email or password.', 'auth.bad_credentials'), { status: 401 });
  }),
  mockApi.get('/api/user', ({ request }) => {
    const auth = request.headers.get('authorization');
    if (!auth) return HttpResponse.json(apiError('No authentication token available', 'auth.no_token'), { status: 401 });
    if (auth !== `Bearer ${VALID_TOKEN}`) {
      return HttpResponse.json(apiError('Invalid or expired token', 'auth.invalid_token'), { status: 401 });
    }
    return HttpResponse.json({ success: true, user: demoUser, preferences: demoPreferences });
  }),
  mockApi.post('/api/logout', () => HttpResponse.json({ success: true as const })),
  mockApi.get('/api/settings/public', () =>
    HttpResponse.json({ organisation_name: 'Packline Demo', support_email: 'support@packline.local', time_zone: 'America/Chicago', mail_configured: true }),
  ),
  mockApi.get('/api/presence', () =>
    HttpResponse.json({
      visitors: [{ id: 1, first_name: 'Dana', last_name: 'Okafor', last_seen_at: new Date().toISOString() }],
      window_seconds: 300,
    }),
  ),
  mockApi.get('/api/health', () => HttpResponse.json({ status: 'ok', version: 'v0.1.0-test', schema_version: 3 })),
  mockApi.get('/api/backups', () =>
    HttpResponse.json({ enabled: false, every_seconds: 0, keep: 0, last_good: null, last_error: '', stale: false }),
  ),
  mockApi.get('/api/user/preferences', () => HttpResponse.json(demoPreferences)),
  mockApi.patch('/api/user/preferences', async ({ request }) => {
    const body = await request.json();
    return HttpResponse.json({ ...demoPreferences, ...body });
  }),
  mockApi.get('/api/notifications', () => HttpResponse.json({ notifications: [], unread: 0, total: 0 })),
  mockApi.get('/api/staff/timeclock/now', () =>
    HttpResponse.json({ clocked_in: [], count: 0, forgotten_count: 0, max_shift_hours: 12, time_zone: 'America/Chicago', pin_alerts: [] }),
  ),
  mockApi.get('/api/shipments', () => HttpResponse.json({ shipments: [], total: 0 })),
  mockApi.get('/api/partners', () => HttpResponse.json({ partners: [], total: 0 })),
  mockApi.get('/api/recalls', () => HttpResponse.json({ recalls: [], total: 0 })),
  mockApi.get('/api/inventory/warnings', () => HttpResponse.json({ low_stock: [], expiring: [], expiring_within_days: 30 })),
  mockApi.get('/api/production/today', () =>
    HttpResponse.json({ date: '2026-01-15', units: 0, labour_hours: 0, units_per_labour_hour: null, best_line: null }),
  ),
  mockApi.get('/api/invoices/summary', () => HttpResponse.json({ currency: 'USD', outstanding: [], drafts: 0, received_minor: 0 })),
  mockApi.post('/api/notifications/read', () => HttpResponse.json({ success: true as const, unread: 0 })),
  // The kiosk's offline punches: a fixed test key (its private half is
  // KIOSK_TEST_PRIVATE_KEY), and every delivered punch recorded.
  mockApi.get('/api/kiosk/key', () => HttpResponse.json(kioskTestKey)),
  mockApi.post('/api/kiosk/offline-punches', async ({ request }) => {
    const { punches } = await request.json();
    return HttpResponse.json({
      results: punches.map((p) => ({ key: p.key, status: 'recorded' as const, code: 'punch.offline_recorded', message: 'Recorded.' })),
    });
  }),
];

export const server = setupServer(...handlers);
