import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { productionKeys } from './keys';

/**
 * GET /api/production/crew?date=: who worked that day (time clock) or is assigned to a line for it,
 * and the active employees not on the crew yet (`available`), who may be planned onto a line.
 */
export async function getCrew(date: string, signal?: AbortSignal) {
  return api.get('/api/production/crew', { query: { date }, signal });
}

export function useCrew(date: string) {
  return useQuery({ queryKey: productionKeys.crew(date), queryFn: ({ signal }) => getCrew(date, signal) });
}
