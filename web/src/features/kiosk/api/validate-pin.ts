import { isClockStatus, isTimeOrNull, type ClockStatus } from './get-employees';
import { kioskFetch, serverError } from './kiosk-fetch';

export type PinCheck =
  | { valid: true; clockStatus: ClockStatus; lastEvent: string | null; clockToken: string }
  /** A wrong PIN, or a refusal (429 with retryAfter seconds, 404, …) with the server's text. */
  | { valid: false; message?: string; code?: string; status: number; retryAfter?: number };

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/**
 * POST /api/employees/validate-pin (SPEC §7): {valid, message, employee{clock_status,
 * last_event}, clock_token}. Network failures throw KioskNetworkError; every answer the
 * server gives comes back as a PinCheck.
 */
export async function validatePin(employeeId: number, pin: string): Promise<PinCheck> {
  const res = await kioskFetch('/employees/validate-pin', { employee_id: employeeId, pin });
  const b = (res.body && typeof res.body === 'object' ? res.body : {}) as Record<string, unknown>;
  if (res.ok && b.valid === true) {
    const emp = (b.employee && typeof b.employee === 'object' ? b.employee : {}) as Record<string, unknown>;
    const token = str(b.clock_token);
    if (isClockStatus(emp.clock_status) && isTimeOrNull(emp.last_event ?? null) && token) {
      return { valid: true, clockStatus: emp.clock_status, lastEvent: (emp.last_event as string | null) ?? null, clockToken: token };
    }
    return { valid: false, status: res.status };
  }
  if (res.ok) return { valid: false, message: str(b.message), code: str(b.code), status: res.status };
  return { valid: false, message: serverError(res.body), status: res.status, retryAfter: res.retryAfter };
}
