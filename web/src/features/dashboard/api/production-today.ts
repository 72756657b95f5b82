import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { dashboardKeys } from './keys';

/** GET /api/production/today: today's units so far and the best line, refreshed every minute. */
export const productionTodayQuery = queryOptions({
  queryKey: dashboardKeys.productionToday(),
  queryFn: ({ signal }) => api.get('/api/production/today', { signal }),
  refetchInterval: 60_000,
});

export function useProductionToday() {
  return useQuery(productionTodayQuery);
}
