import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inventoryKeys } from './keys';
import { warningsSchema, type Warnings } from './types';

/** GET /api/inventory/warnings: low-stock items and batches expiring within `days` (or expired). */
export async function getWarnings(days: number, signal?: AbortSignal): Promise<Warnings> {
  return warningsSchema.parse(await api.get<unknown>(`/inventory/warnings?expiring_within_days=${days}`, signal));
}

export const warningsQuery = (days: number) =>
  queryOptions({ queryKey: inventoryKeys.warnings(days), queryFn: ({ signal }) => getWarnings(days, signal) });

export function useWarnings(days: number) {
  return useQuery(warningsQuery(days));
}
