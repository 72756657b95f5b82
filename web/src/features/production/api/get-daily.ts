import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { productionKeys } from './keys';

/** GET /api/production/daily?date=YYYY-MM-DD */
export function getDaily(date: string, signal?: AbortSignal) {
  return api.get('/api/production/daily', { query: { date }, signal });
}

export function useDaily(date: string) {
  return useQuery({ queryKey: productionKeys.daily(date), queryFn: ({ signal }) => getDaily(date, signal) });
}
