import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productionKeys } from './keys';
import { overviewSchema, type Overview } from './types';

/** GET /api/production/overview?from=&to= */
export async function getOverview(from: string, to: string, signal?: AbortSignal): Promise<Overview> {
  const q = new URLSearchParams({ from, to });
  return overviewSchema.parse(await api.get<unknown>(`/production/overview?${q}`, signal));
}

export function useOverview(from: string, to: string) {
  return useQuery({ queryKey: productionKeys.overview(from, to), queryFn: ({ signal }) => getOverview(from, to, signal) });
}

/** The overview as CSV, the same range. */
export function overviewCSVPath(from: string, to: string): string {
  return `/production/overview.csv?${new URLSearchParams({ from, to })}`;
}
