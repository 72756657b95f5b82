import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api, apiUrl } from '@/lib/api-client';
import { readToken } from '@/lib/auth/token-storage';
import { EMPLOYEES_KEY, useInvalidateEmployees } from './employees';
import { nowSchema, punchSchema, timesheetSchema, type Punch } from './types';

/** GET /api/staff/timeclock/now: who is in, refreshed every 30 s. */
export function useWhoIsIn() {
  return useQuery(
    queryOptions({
      queryKey: [...EMPLOYEES_KEY, 'now'],
      queryFn: async ({ signal }) => nowSchema.parse(await api.get<unknown>('/staff/timeclock/now', signal)),
      refetchInterval: 30_000,
      staleTime: 10_000,
    }),
  );
}

const punchesSchema = z.object({ punches: z.array(punchSchema), from: z.string(), to: z.string(), time_zone: z.string() });

/** GET /api/staff/employees/{id}/punches?from=&to= (dates in the organisation's zone). */
export function usePunches(employeeId: number | null, from: string, to: string) {
  return useQuery(
    queryOptions({
      queryKey: [...EMPLOYEES_KEY, 'punches', employeeId, from, to],
      queryFn: async ({ signal }) =>
        punchesSchema.parse(
          await api.get<unknown>(`/staff/employees/${employeeId}/punches?${new URLSearchParams({ from, to })}`, signal),
        ),
      enabled: employeeId !== null && Boolean(from && to),
    }),
  );
}

export type TimesheetParams = { from: string; to: string };

function timesheetQs(p: TimesheetParams) {
  return new URLSearchParams({ from: p.from, to: p.to }).toString();
}

/** GET /api/staff/timesheets?from=&to=: hours per employee and day, DST-correct. */
export function useTimesheet(p: TimesheetParams) {
  return useQuery(
    queryOptions({
      queryKey: [...EMPLOYEES_KEY, 'timesheet', p],
      queryFn: async ({ signal }) => timesheetSchema.parse(await api.get<unknown>(`/staff/timesheets?${timesheetQs(p)}`, signal)),
      enabled: Boolean(p.from && p.to),
    }),
  );
}

/** Downloads GET /api/staff/timesheets.csv for the range shown (the browser saves it). */
export async function downloadTimesheetCsv(p: TimesheetParams): Promise<void> {
  const res = await fetch(apiUrl(`/staff/timesheets.csv?${timesheetQs(p)}`), {
    headers: { Authorization: `Bearer ${readToken() ?? ''}` },
  });
  if (!res.ok) throw new Error(`HTTP error ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `timesheet-${p.from}-to-${p.to}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export type Correction =
  | { type: 'add'; employeeId: number; kind: 'in' | 'out'; at: string; reason: string }
  | { type: 'edit'; punchId: number; at: string; reason: string }
  | { type: 'void'; punchId: number; reason: string };

/** Adds a missing punch, changes a punch's time or voids it, always with a reason. */
export function useCorrection() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: async (c: Correction): Promise<Punch> => {
      switch (c.type) {
        case 'add':
          return punchSchema.parse(
            await api.post<unknown>(`/staff/employees/${c.employeeId}/punches`, { kind: c.kind, at: c.at, reason: c.reason }),
          );
        case 'edit':
          return punchSchema.parse(await api.patch<unknown>(`/staff/punches/${c.punchId}`, { at: c.at, reason: c.reason }));
        case 'void':
          return punchSchema.parse(await api.post<unknown>(`/staff/punches/${c.punchId}/void`, { reason: c.reason }));
      }
    },
    onSuccess: invalidate,
  });
}
