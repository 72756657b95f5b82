import { publicApi, type Schema } from '@/lib/api';

/** An employee as GET /api/employees lists them (SPEC §3). */
export type KioskEmployee = Schema<'KioskEmployee'>;
export type ClockStatus = Schema<'ClockStatus'>;

/** GET /api/employees: the active employees, sorted by last name (revalidated with its ETag). Throws on any failure. */
export function getEmployees(signal?: AbortSignal): Promise<KioskEmployee[]> {
  return publicApi.get('/api/employees', { signal, cache: 'no-cache' });
}

/** GET /api/settings/public: the organisation's zone, for the times the kiosk shows. */
export async function getTimeZone(signal?: AbortSignal): Promise<string> {
  return (await publicApi.get('/api/settings/public', { signal })).time_zone;
}
