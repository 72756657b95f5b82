import { useQuery } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api';
import { inventoryKeys } from './keys';

export type Trace = Schema<'Trace'>;
export type TraceNode = Schema<'TraceNode'>;
export type TraceDirection = 'forward' | 'backward';

/** GET /api/inventory/batches/{id}/trace: where the batch went (forward) or what it was made of (backward). */
export function getBatchTrace(id: number, direction: TraceDirection, signal?: AbortSignal) {
  return api.get('/api/inventory/batches/{id}/trace', { path: { id }, query: { direction }, signal });
}

/** GET /api/shipments/{id}/trace: the batches a shipment carried, down to the raw batches. */
export function getShipmentTrace(id: number, signal?: AbortSignal) {
  return api.get('/api/shipments/{id}/trace', { path: { id }, signal });
}

export function useBatchTrace(id: number, direction: TraceDirection) {
  return useQuery({ queryKey: [...inventoryKeys.batch(id), 'trace', direction], queryFn: ({ signal }) => getBatchTrace(id, direction, signal) });
}

export function useShipmentTrace(id: number) {
  return useQuery({ queryKey: [...inventoryKeys.all, 'shipment-trace', id], queryFn: ({ signal }) => getShipmentTrace(id, signal) });
}
