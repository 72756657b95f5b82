import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inventoryKeys } from './keys';

/** GET /api/inventory/batches: the batches with a code (any case), of one item when its SKU is given. */
export function findBatches(code: string, sku?: string, signal?: AbortSignal) {
  return api.get('/api/inventory/batches', { query: sku ? { code, sku } : { code }, signal }).then((r) => r.batches);
}

/** GET /api/inventory/batches/{id}/receipt: the batches received together with one (same day, same source). */
export function receiptBatches(id: number, signal?: AbortSignal) {
  return api.get('/api/inventory/batches/{id}/receipt', { path: { id }, signal }).then((r) => r.batches);
}

/** The batches a label link or a scan names. */
export function useFoundBatches(code: string, sku?: string) {
  return useQuery({
    queryKey: inventoryKeys.found(code, sku),
    queryFn: ({ signal }) => findBatches(code, sku, signal),
    enabled: code !== '',
  });
}

/** The batches to print labels for: one batch's receipt, or that batch alone. */
export function useLabelBatches(id: number, receipt: boolean) {
  return useQuery({
    queryKey: inventoryKeys.batchLabels(id, receipt),
    queryFn: async ({ signal }) => {
      if (receipt) return receiptBatches(id, signal);
      const b = await api.get('/api/inventory/batches/{id}', { path: { id }, query: { limit: 1 }, signal });
      return [{ ...b, item_sku: b.item.sku, item_name: b.item.name, item_unit: b.item.unit, item_kind: b.item.kind }];
    },
  });
}
