import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { productionKeys } from './keys';

/** GET /api/production/suggest: each component's batches (first expiry first) and what FEFO would take. */
export function getSuggestion(productId: number, units: number, date: string, signal?: AbortSignal) {
  return api.get('/api/production/suggest', { query: { product_id: productId, units, date }, signal });
}

export function useSuggestion(productId: number | null, units: number, date: string) {
  return useQuery({
    queryKey: productionKeys.suggestion(productId ?? 0, units, date),
    queryFn: ({ signal }) => getSuggestion(productId ?? 0, units, date, signal),
    enabled: productId != null && productId > 0,
    placeholderData: keepPreviousData,
  });
}
