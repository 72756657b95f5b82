import { indexedDB as fakeIndexedDB } from 'fake-indexeddb';
import { createECDH, createDecipheriv, hkdfSync } from 'node:crypto';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { apiError, mockApi } from '@/test/api-mock';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KIOSK_TEST_PRIVATE_KEY, kioskTestKey, server } from '@/test/msw';
import { renderApp, setupI18n } from '@/test/render';
import { KEY_STORAGE, waiting } from '../offline';
import { deletePunches } from '../offline/queue';

// The kiosk on the wall: the number pad, the confirmation, the throttle's
// countdown and punches kept while the server cannot be reached.

const people = () => [
  { employee_id: 1, first_name: 'Ana', last_name: 'Almeida', clock_status: 'clocked_out' as const, last_event: null },
  { employee_id: 2, first_name: 'Li', last_name: 'Chen', clock_status: 'clocked_in' as const, last_event: '2026-01-15T13:05:00Z' },
];

function kioskApi() {
  const list = people();
  server.use(
    mockApi.get('/api/employees', () => HttpResponse.json(list)),
    mockApi.post('/api/employees/validate-pin', async ({ request }) => {
      const b = await request.json();
      const e = list.find((x) => x.employee_id === b.employee_id)!;
      if (b.pin !== String(1000 + b.employee_id)) {
        return HttpResponse.json({ valid: false, message: 'Incorrect PIN. Please try again.', code: 'pin.incorrect' });
      }
      return HttpResponse.json({ valid: true, message: 'PIN accepted.', code: 'ok' as const, employee: { clock_status: e.clock_status, last_event: e.last_event }, clock_token: 't' });
    }),
    mockApi.post('/api/employees/clockin', () => HttpResponse.json({ new_status: 'clocked_in' as const, timestamp: '2026-01-15T14:02:00Z' })),
  );
}

/** Opens what the kiosk sealed, as the server does (internal/timeclock/offline_key.go). */
function open(sealed: { key: string; ephemeral_key: string; iv: string; ciphertext: string }) {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(KIOSK_TEST_PRIVATE_KEY, 'base64url'));
  const eph = Buffer.from(sealed.ephemeral_key, 'base64url');
  const shared = ecdh.computeSecret(eph);
  const key = Buffer.from(hkdfSync('sha256', shared, eph, 'packline offline punch v1', 32));
  const ct = Buffer.from(sealed.ciphertext, 'base64url');
  const d = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64url'));
  d.setAAD(Buffer.from(sealed.key));
  d.setAuthTag(ct.subarray(ct.length - 16));
  return JSON.parse(Buffer.concat([d.update(ct.subarray(0, ct.length - 16)), d.final()]).toString('utf8')) as Record<string, unknown>;
}

// jsdom has no IndexedDB: an in-memory one, as the browser's.
globalThis.indexedDB = fakeIndexedDB;

describe('/employee-portal on a tablet', { timeout: 90_000 }, () => {
  beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
  beforeEach(async () => {
    await setupI18n('gb');
    localStorage.removeItem(KEY_STORAGE);
  });
  afterEach(async () => {
    await deletePunches((await waiting()).map((p) => p.key));
  });

  it('takes the PIN on the number pad, confirms full screen, then returns to its start', async () => {
    kioskApi();
    const user = userEvent.setup();
    renderApp('/employee-portal');
    await user.click(await screen.findByRole('button', { name: 'A' }));
    await user.click(await screen.findByRole('button', { name: 'Ana Almeida' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter PIN for Ana Almeida' });
    const pad = within(dialog).getByRole('group', { name: 'Number pad' });
    for (const d of ['1', '0', '0', '9']) await user.click(within(pad).getByRole('button', { name: d }));
    await user.click(within(pad).getByRole('button', { name: 'Delete the last digit' }));
    await user.click(within(pad).getByRole('button', { name: '1' }));
    expect(within(dialog).getByLabelText('PIN')).toHaveValue('1001');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const clock = await screen.findByRole('dialog', { name: 'Clock In/Out: Ana Almeida' });
    await user.click(within(clock).getByRole('button', { name: 'Clock In' }));
    // The confirmation across the screen, in the organisation's zone, and SPEC §8's toast.
    expect(await screen.findByText(/^Clocked in as Ana Almeida at 8:02\sam$/)).toBeInTheDocument();
    expect(await screen.findByText('Clocked in as Ana Almeida.')).toBeInTheDocument();
    // After three seconds: the start, with the letter filter cleared.
    await waitFor(() => expect(screen.queryByText(/^Clocked in as Ana Almeida at/)).not.toBeInTheDocument(), { timeout: 15_000 });
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('disables the PIN field and counts down when the throttle refuses', async () => {
    kioskApi();
    server.use(
      mockApi.post('/api/employees/validate-pin', () =>
        HttpResponse.json(apiError('Too many failed attempts. Try again in 2 minutes.', 'pin.throttled', { retry_after_seconds: 90 }), {
          status: 429,
          headers: { 'Retry-After': '90' },
        }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/employee-portal');
    await user.click(await screen.findByRole('button', { name: 'Ana Almeida' }));
    await user.type(await screen.findByLabelText('PIN'), '1234{Enter}');
    expect(await screen.findByText(/^Too many attempts\. Try again in 1:(30|29|28)\.$/)).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Enter PIN for Ana Almeida' });
    expect(within(dialog).getByLabelText('PIN')).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: '5' })).toBeDisabled();
  });

  it('keeps a punch sealed on the tablet while the server cannot be reached, and sends it when the network returns', async () => {
    kioskApi();
    let delivered: { key: string }[] = [];
    server.use(
      mockApi.post('/api/employees/validate-pin', () => HttpResponse.error()),
      mockApi.post('/api/kiosk/offline-punches', () => HttpResponse.error()),
    );
    const user = userEvent.setup();
    renderApp('/employee-portal');
    await waitFor(() => expect(localStorage.getItem(KEY_STORAGE)).toContain(kioskTestKey.public_key));
    await user.click(await screen.findByRole('button', { name: 'Ana Almeida' }));
    await user.type(await screen.findByLabelText('PIN'), '1001{Enter}');
    expect(await screen.findByText('Network error validating PIN.')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'No connection: Ana Almeida' });
    await user.click(within(dialog).getByRole('button', { name: 'Save clock-in' }));
    expect(await screen.findByText(/^Clock-in saved for Ana Almeida at/)).toBeInTheDocument();
    expect(await screen.findByText('1 punch waiting')).toBeInTheDocument();

    // Kept: sealed to the server's key; nothing readable about the PIN.
    const [kept] = await waiting();
    expect(kept).toMatchObject({ employee_id: 1, action: 'clockin' });
    expect(JSON.stringify(kept)).not.toContain('1001');
    expect(open(kept.sealed)).toMatchObject({ employee_id: 1, pin: '1001', action: 'clockin', at: kept.at });

    server.use(
      mockApi.post('/api/kiosk/offline-punches', async ({ request }) => {
        const { punches } = await request.json();
        delivered = punches;
        return HttpResponse.json({ results: punches.map((p) => ({ key: p.key, status: 'recorded' as const, code: 'punch.offline_recorded', message: 'Recorded.' })) });
      }),
    );
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('1 saved punch was sent.')).toBeInTheDocument();
    expect(delivered.map((p) => p.key)).toEqual([kept.key]);
    await waitFor(() => expect(screen.queryByText('1 punch waiting')).not.toBeInTheDocument());
    expect(await waiting()).toEqual([]);
  });

  it('says it cannot keep punches before it ever had the server key', async () => {
    kioskApi();
    server.use(
      mockApi.get('/api/kiosk/key', () => HttpResponse.error()),
      mockApi.post('/api/employees/validate-pin', () => HttpResponse.error()),
    );
    const user = userEvent.setup();
    renderApp('/employee-portal');
    await user.click(await screen.findByRole('button', { name: 'Ana Almeida' }));
    await user.type(await screen.findByLabelText('PIN'), '1001{Enter}');
    expect(await screen.findByText('Network error validating PIN.')).toBeInTheDocument();
    expect(await screen.findByText(/this tablet cannot save punches until it has been online once/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
