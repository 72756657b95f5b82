import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { number, object, string } from '@/lib/validate';

export interface ProductionToday {
  date: string;
  units: number;
  bestLine: { name: string; units: number; uplh: number | null } | null;
}

export function parseProductionToday(v: unknown): ProductionToday {
  const o = object(v, 'today');
  const b = (o as Record<string, unknown>).best_line;
  let bestLine: ProductionToday['bestLine'] = null;
  if (b != null) {
    const x = object(b, 'best_line');
    const rate = (x as Record<string, unknown>).units_per_labour_hour;
    bestLine = { name: string(x, 'name'), units: number(x, 'units'), uplh: typeof rate === 'number' ? rate : null };
  }
  return { date: string(o, 'date'), units: number(o, 'units'), bestLine };
}

/** GET /api/production/today: today's units so far and the best line. */
export const productionTodayQuery = queryOptions({
  queryKey: ['dashboard', 'production-today'],
  queryFn: async ({ signal }) => parseProductionToday(await api.get<unknown>('/production/today', signal)),
  refetchInterval: 60_000,
});

export function useProductionToday() {
  return useQuery(productionTodayQuery);
}
