import { useQuery } from '@tanstack/react-query';
import { api, downloadCSV } from '@/lib/api';
import { productionKeys } from './keys';

/** GET /api/production/overview?from=&to= */
export function getOverview(from: string, to: string, signal?: AbortSignal) {
  return api.get('/api/production/overview', { query: { from, to }, signal });
}

export function useOverview(from: string, to: string) {
  return useQuery({ queryKey: productionKeys.overview(from, to), queryFn: ({ signal }) => getOverview(from, to, signal) });
}

/** The overview of the same range as a CSV download. */
export function downloadOverviewCSV(from: string, to: string) {
  return downloadCSV('/api/production/overview.csv', { from, to });
}
