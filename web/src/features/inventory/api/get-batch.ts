import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inventoryKeys } from './keys';

/** GET /api/inventory/batches/{id}: the batch, its item and a page of its history, oldest first. */
export function getBatch(id: number, after = 0, signal?: AbortSignal) {
  return api.get('/api/inventory/batches/{id}', { path: { id }, query: { after, limit: 200 }, signal });
}

/** The batch page: its history, page after page. */
export function useBatch(id: number) {
  return useInfiniteQuery({
    queryKey: inventoryKeys.batch(id),
    queryFn: ({ pageParam, signal }) => getBatch(id, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_after ?? undefined,
  });
}
