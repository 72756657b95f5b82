import { kioskFetch } from './kiosk-fetch';

/** An employee as GET /api/employees lists them (SPEC §3). */
export interface KioskEmployee {
  employee_id: number;
  first_name: string;
  last_name: string;
  clock_status: ClockStatus;
  /** RFC 3339 UTC, or null before the first punch */
  last_event: string | null;
}
export type ClockStatus = 'clocked_in' | 'clocked_out';

// Hand-written checks instead of a schema library: the kiosk must stay light.
export const isClockStatus = (v: unknown): v is ClockStatus => v === 'clocked_in' || v === 'clocked_out';
export const isTimeOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

function isKioskEmployee(v: unknown): v is KioskEmployee {
  if (!v || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.employee_id === 'number' &&
    typeof o.first_name === 'string' &&
    typeof o.last_name === 'string' &&
    isClockStatus(o.clock_status) &&
    isTimeOrNull(o.last_event)
  );
}

/** GET /api/employees: the active employees, sorted by last name. Throws on any failure. */
export async function getEmployees(signal?: AbortSignal): Promise<KioskEmployee[]> {
  const res = await kioskFetch('/employees', undefined, signal);
  if (!res.ok || !Array.isArray(res.body) || !res.body.every(isKioskEmployee)) {
    throw new Error(`Failed to load employees (HTTP ${res.status})`);
  }
  return res.body;
}
