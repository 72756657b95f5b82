import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { dashboardKeys } from './keys';

/** How many shipments the dashboard lists. */
export const RECENT_SHIPMENTS = 5;

/**
 * GET /api/shipments: the newest shipments (highest number first), refreshed every five
 * minutes; a shipping write refreshes it at once through dashboardKeys.
 */
export const recentShipmentsQuery = queryOptions({
  queryKey: dashboardKeys.recentShipments(),
  queryFn: ({ signal }) => api.get('/api/shipments', { query: { page_size: RECENT_SHIPMENTS }, signal }),
  refetchInterval: 5 * 60_000,
});

export function useRecentShipments() {
  return useQuery(recentShipmentsQuery);
}
