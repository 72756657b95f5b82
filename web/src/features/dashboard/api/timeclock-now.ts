import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { array, boolean, number, object, string } from '@/lib/validate';

/** An employee on the clock now; `forgotten` when the shift is open longer than the maximum. */
export interface OnTheClock {
  employee_id: number;
  first_name: string;
  last_name: string;
  since: string;
  hours: number;
  forgotten: boolean;
}

export interface TimeclockNow {
  clocked_in: OnTheClock[];
  count: number;
  forgotten_count: number;
  max_shift_hours: number;
  time_zone: string;
}

export function parseTimeclockNow(v: unknown): TimeclockNow {
  const o = object(v, 'timeclock');
  return {
    count: number(o, 'count'),
    forgotten_count: number(o, 'forgotten_count'),
    max_shift_hours: number(o, 'max_shift_hours'),
    time_zone: string(o, 'time_zone'),
    clocked_in: array(o, 'clocked_in').map((item) => {
      const x = object(item, 'employee');
      return {
        employee_id: number(x, 'employee_id'),
        first_name: string(x, 'first_name'),
        last_name: string(x, 'last_name'),
        since: string(x, 'since'),
        hours: number(x, 'hours'),
        forgotten: boolean(x, 'forgotten'),
      };
    }),
  };
}

/** GET /api/staff/timeclock/now: who is clocked in, and the forgotten clock-outs. */
export async function getTimeclockNow(signal?: AbortSignal): Promise<TimeclockNow> {
  return parseTimeclockNow(await api.get<unknown>('/staff/timeclock/now', signal));
}

export const timeclockNowQuery = queryOptions({
  queryKey: ['dashboard', 'timeclock-now'],
  queryFn: ({ signal }) => getTimeclockNow(signal),
  refetchInterval: 30_000,
});

export function useTimeclockNow() {
  return useQuery(timeclockNowQuery);
}
