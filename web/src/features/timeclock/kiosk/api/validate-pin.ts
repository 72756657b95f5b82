import { ApiError, publicApi, type ApiErrorBody } from '@/lib/api';
import type { ClockStatus } from './get-employees';

export type PinCheck =
  | { valid: true; clockStatus: ClockStatus; lastEvent: string | null; clockToken: string }
  /** A wrong PIN, or a refusal (429 with retryAfter seconds, 404, …) with the server's error body. */
  | { valid: false; message?: string; code?: string; status: number; retryAfter?: number; error?: ApiErrorBody };

/**
 * POST /api/employees/validate-pin (SPEC §7): {valid, message, employee{clock_status,
 * last_event}, clock_token}. A network failure throws an ApiError of kind 'network';
 * every answer the server gives comes back as a PinCheck.
 */
export async function validatePin(employeeId: number, pin: string): Promise<PinCheck> {
  try {
    const b = await publicApi.post('/api/employees/validate-pin', { body: { employee_id: employeeId, pin }, cache: 'no-store' });
    if (b.valid && b.employee && b.clock_token) {
      return { valid: true, clockStatus: b.employee.clock_status, lastEvent: b.employee.last_event, clockToken: b.clock_token };
    }
    return { valid: false, message: b.message || undefined, code: b.code, status: 200 };
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'http') {
      return { valid: false, message: err.serverMessage, code: err.code, status: err.status, retryAfter: err.retryAfter, error: err.body };
    }
    throw err;
  }
}
