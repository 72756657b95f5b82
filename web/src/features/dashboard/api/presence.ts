import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { array, number, object, string } from '@/lib/validate';

/** A staff member seen online recently. */
export interface Visitor {
  id: number;
  first_name: string;
  last_name: string;
  last_seen_at: string;
}

export interface Presence {
  visitors: Visitor[];
  /** how recent "online" is, in seconds */
  window_seconds: number;
}

export function parsePresence(v: unknown): Presence {
  const o = object(v, 'presence');
  return {
    window_seconds: typeof o.window_seconds === 'number' ? o.window_seconds : 300,
    visitors: array(o, 'visitors').map((item) => {
      const x = object(item, 'visitor');
      return {
        id: number(x, 'id'),
        first_name: string(x, 'first_name'),
        last_name: string(x, 'last_name'),
        last_seen_at: string(x, 'last_seen_at'),
      };
    }),
  };
}

/** GET /api/presence: staff online now (current visitors, SPEC §1). */
export async function getPresence(signal?: AbortSignal): Promise<Presence> {
  return parsePresence(await api.get<unknown>('/presence', signal));
}

export const presenceQuery = queryOptions({
  queryKey: ['presence'],
  queryFn: ({ signal }) => getPresence(signal),
  refetchInterval: 60_000,
});

export function usePresence() {
  return useQuery(presenceQuery);
}
