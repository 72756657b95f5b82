import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Schema } from '@/lib/api/typed';
import { inventoryKeys } from './keys';

export type MoveReason = Schema<'MoveReason'>;

export interface BatchMovesQuery {
  reason?: MoveReason;
  from?: string;
  to?: string;
  /** Moves older than this move id (the cursor of the page before). */
  before?: number;
  limit: number;
}

/** GET /api/inventory/moves for one batch: a page of its history, newest first, filtered on the server. */
export function useBatchMoves(batchId: number, q: BatchMovesQuery) {
  return useQuery({
    queryKey: inventoryKeys.batchMoves(batchId, q),
    queryFn: ({ signal }) =>
      api.get('/api/inventory/moves', {
        query: { batch_id: batchId, reason: q.reason, from: q.from || undefined, to: q.to || undefined, before: q.before, limit: q.limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
