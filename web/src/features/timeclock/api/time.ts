import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, downloadCSV } from '@/lib/api';
import { useInvalidateEmployees } from './employees';
import { employeeKeys } from './keys';
import type { Punch } from './types';

/** GET /api/staff/timeclock/now: who is in, refreshed every 30 s. */
export const whoIsInQuery = queryOptions({
  queryKey: employeeKeys.now(),
  queryFn: ({ signal }) => api.get('/api/staff/timeclock/now', { signal }),
  refetchInterval: 30_000,
  staleTime: 10_000,
});

export function useWhoIsIn() {
  return useQuery(whoIsInQuery);
}

/** GET /api/staff/employees/{id}/punches?from=&to= (dates in the organisation's zone). */
export function usePunches(employeeId: number | null, from: string, to: string) {
  return useQuery(
    queryOptions({
      queryKey: employeeKeys.punches(employeeId, from, to),
      queryFn: ({ signal }) =>
        api.get('/api/staff/employees/{id}/punches', { path: { id: employeeId ?? 0 }, query: { from, to }, signal }),
      enabled: employeeId !== null && Boolean(from && to),
    }),
  );
}

export type TimesheetParams = { from: string; to: string };

/** GET /api/staff/timesheets?from=&to=: hours per employee and day, DST-correct. */
export function useTimesheet(p: TimesheetParams) {
  return useQuery(
    queryOptions({
      queryKey: employeeKeys.timesheet(p),
      queryFn: ({ signal }) => api.get('/api/staff/timesheets', { query: { from: p.from, to: p.to }, signal }),
      enabled: Boolean(p.from && p.to),
    }),
  );
}

/** Downloads GET /api/staff/timesheets.csv for the range shown (the browser saves it). */
export function downloadTimesheetCsv(p: TimesheetParams): Promise<void> {
  return downloadCSV('/api/staff/timesheets.csv', { from: p.from, to: p.to });
}

export type Correction =
  | { type: 'add'; employeeId: number; kind: 'in' | 'out'; at: string; reason: string; allowLong?: boolean }
  | { type: 'edit'; punchId: number; at: string; reason: string; allowLong?: boolean }
  | { type: 'void'; punchId: number; reason: string };

/** Adds a missing punch, changes a punch's time or voids it, always with a reason. */
export function useCorrection() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: async (c: Correction): Promise<Punch> => {
      switch (c.type) {
        case 'add':
          return api.post('/api/staff/employees/{id}/punches', {
            path: { id: c.employeeId },
            body: { kind: c.kind, at: c.at, reason: c.reason, ...(c.allowLong ? { allow_long: true } : {}) },
          });
        case 'edit':
          return api.patch('/api/staff/punches/{id}', {
            path: { id: c.punchId },
            body: { at: c.at, reason: c.reason, ...(c.allowLong ? { allow_long: true } : {}) },
          });
        case 'void':
          return api.post('/api/staff/punches/{id}/void', { path: { id: c.punchId }, body: { reason: c.reason } });
      }
    },
    onSuccess: invalidate,
  });
}
