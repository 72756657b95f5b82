import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inventoryKeys } from './keys';

/** GET /api/inventory/warnings: low-stock items and batches expiring within `days` (or expired). */
export function getWarnings(days: number, signal?: AbortSignal) {
  return api.get('/api/inventory/warnings', { query: { expiring_within_days: days }, signal });
}

export type Warnings = Awaited<ReturnType<typeof getWarnings>>;

export const warningsQuery = (days: number) =>
  queryOptions({ queryKey: inventoryKeys.warnings(days), queryFn: ({ signal }) => getWarnings(days, signal) });

export function useWarnings(days: number) {
  return useQuery(warningsQuery(days));
}
