import { ApiError, publicApi, type ApiErrorBody } from '@/lib/api';
import type { ClockStatus } from './get-employees';

export type ClockAction = 'clockin' | 'clockout';

export type ClockResult =
  | { ok: true; newStatus?: ClockStatus; timestamp?: string }
  | { ok: false; status: number; error?: ApiErrorBody };

/**
 * POST /api/employees/clockin or clockout with the clock token from the PIN check
 * (SPEC §7, PRODUCT.md): {new_status, timestamp} or an error body. A network failure
 * throws an ApiError of kind 'network'.
 */
export async function clock(action: ClockAction, employeeId: number, clockToken: string): Promise<ClockResult> {
  const body = { employee_id: employeeId, clock_token: clockToken };
  try {
    const r =
      action === 'clockin'
        ? await publicApi.post('/api/employees/clockin', { body, cache: 'no-store' })
        : await publicApi.post('/api/employees/clockout', { body, cache: 'no-store' });
    return { ok: true, newStatus: r.new_status, timestamp: r.timestamp };
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'http') return { ok: false, status: err.status, error: err.body };
    throw err;
  }
}

/** The request never got an answer (offline, server down). */
export const isNetworkError = (err: unknown) => err instanceof ApiError && err.kind === 'network';
