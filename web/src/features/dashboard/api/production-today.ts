import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/production/today: today's units so far and the best line, refreshed every minute. */
export function useProductionToday() {
  return useQuery({
    queryKey: ['dashboard', 'production-today'],
    queryFn: ({ signal }) => api.get('/api/production/today', { signal }),
    refetchInterval: 60_000,
  });
}
