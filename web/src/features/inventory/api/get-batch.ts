import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inventoryKeys } from './keys';

/**
 * GET /api/inventory/batches/{id}: the batch, its item, its totals by reason and the
 * shipments that carried it. Its history is read page by page apart (get-moves.ts), so
 * this asks for one move only.
 */
export function useBatch(id: number) {
  return useQuery({
    queryKey: inventoryKeys.batchDetail(id),
    queryFn: ({ signal }) => api.get('/api/inventory/batches/{id}', { path: { id }, query: { limit: 1 }, signal }),
  });
}
