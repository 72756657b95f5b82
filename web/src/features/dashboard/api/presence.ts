import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '@/lib/live';
import { api, type Schema } from '@/lib/api';
import { dashboardKeys } from './keys';

/** A staff member seen online recently. */
export type Visitor = Schema<'Visitor'>;

/** GET /api/presence: staff online now (current visitors, SPEC §1). */
export function getPresence(signal?: AbortSignal) {
  return api.get('/api/presence', { signal });
}

export type Presence = Awaited<ReturnType<typeof getPresence>>;

export const presenceQuery = queryOptions({
  queryKey: dashboardKeys.presence(),
  queryFn: ({ signal }) => getPresence(signal),
  refetchInterval: 60_000,
});

/**
 * The current visitors, live: the stream's `presence` event (a user's first stream opened
 * or last one closed, on any instance) refetches the list; the minute's refetch remains
 * for those who only went quiet.
 */
export function usePresence() {
  const qc = useQueryClient();
  useLiveEvent('presence', () => void qc.invalidateQueries({ queryKey: presenceQuery.queryKey }));
  return useQuery(presenceQuery);
}
