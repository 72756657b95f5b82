import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productionKeys } from './keys';
import { dailySchema, type Daily } from './types';

/** GET /api/production/daily?date=YYYY-MM-DD */
export async function getDaily(date: string, signal?: AbortSignal): Promise<Daily> {
  return dailySchema.parse(await api.get<unknown>(`/production/daily?date=${encodeURIComponent(date)}`, signal));
}

export function useDaily(date: string) {
  return useQuery({ queryKey: productionKeys.daily(date), queryFn: ({ signal }) => getDaily(date, signal) });
}
