import { isClockStatus, type ClockStatus } from './get-employees';
import { kioskFetch, serverError } from './kiosk-fetch';

export type ClockAction = 'clockin' | 'clockout';

export type ClockResult =
  | { ok: true; newStatus?: ClockStatus; timestamp?: string }
  | { ok: false; status: number; error?: string };

/**
 * POST /api/employees/clockin or clockout with the clock token from the PIN check
 * (SPEC §7, PRODUCT.md): {new_status, timestamp} or {error}. Network failures throw
 * KioskNetworkError.
 */
export async function clock(action: ClockAction, employeeId: number, clockToken: string): Promise<ClockResult> {
  const res = await kioskFetch(`/employees/${action}`, { employee_id: employeeId, clock_token: clockToken });
  if (!res.ok) return { ok: false, status: res.status, error: serverError(res.body) };
  const b = (res.body && typeof res.body === 'object' ? res.body : {}) as Record<string, unknown>;
  return {
    ok: true,
    newStatus: isClockStatus(b.new_status) ? b.new_status : undefined,
    timestamp: typeof b.timestamp === 'string' ? b.timestamp : undefined,
  };
}
