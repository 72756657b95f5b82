import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api';

/** A staff member seen online recently. */
export type Visitor = Schema<'Visitor'>;

/** GET /api/presence: staff online now (current visitors, SPEC §1). */
export function getPresence(signal?: AbortSignal) {
  return api.get('/api/presence', { signal });
}

export type Presence = Awaited<ReturnType<typeof getPresence>>;

export const presenceQuery = queryOptions({
  queryKey: ['presence'],
  queryFn: ({ signal }) => getPresence(signal),
  refetchInterval: 60_000,
});

export function usePresence() {
  return useQuery(presenceQuery);
}
