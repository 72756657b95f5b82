import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** How many shipments the dashboard lists. */
export const RECENT_SHIPMENTS = 5;

/** GET /api/shipments: the newest shipments (highest number first), refreshed every five minutes. */
export function useRecentShipments() {
  return useQuery({
    queryKey: ['shipping', 'dashboard-recent'],
    queryFn: ({ signal }) => api.get('/api/shipments', { query: { page_size: RECENT_SHIPMENTS }, signal }),
    refetchInterval: 5 * 60_000,
  });
}
