import { useQuery } from '@tanstack/react-query';
import type { TraceDirection } from '@/components/trace-tree';
import { api } from '@/lib/api';
import { inventoryKeys } from './keys';

/** GET /api/inventory/batches/{id}/trace: where the batch went (forward) or what it was made of (backward). */
export function getBatchTrace(id: number, direction: TraceDirection, signal?: AbortSignal) {
  return api.get('/api/inventory/batches/{id}/trace', { path: { id }, query: { direction }, signal });
}

export function useBatchTrace(id: number, direction: TraceDirection) {
  return useQuery({ queryKey: inventoryKeys.batchTrace(id, direction), queryFn: ({ signal }) => getBatchTrace(id, direction, signal) });
}
