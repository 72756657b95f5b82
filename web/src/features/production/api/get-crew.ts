import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { productionKeys } from './keys';

/** GET /api/production/crew?date=: who worked that day (time clock) or is assigned to a line for it. */
export async function getCrew(date: string, signal?: AbortSignal) {
  return (await api.get('/api/production/crew', { query: { date }, signal })).crew;
}

export function useCrew(date: string) {
  return useQuery({ queryKey: productionKeys.crew(date), queryFn: ({ signal }) => getCrew(date, signal) });
}
