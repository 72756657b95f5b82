import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productionKeys } from './keys';
import { suggestionSchema, type Suggestion } from './types';

/** GET /api/production/suggest: each component's batches (first expiry first) and what FEFO would take. */
export async function getSuggestion(productId: number, units: number, date: string, signal?: AbortSignal): Promise<Suggestion> {
  const q = new URLSearchParams({ product_id: String(productId), units: String(units), date });
  return suggestionSchema.parse(await api.get<unknown>(`/production/suggest?${q}`, signal));
}

export function useSuggestion(productId: number | null, units: number, date: string) {
  return useQuery({
    queryKey: productionKeys.suggestion(productId ?? 0, units, date),
    queryFn: ({ signal }) => getSuggestion(productId ?? 0, units, date, signal),
    enabled: productId != null && productId > 0,
    placeholderData: keepPreviousData,
  });
}
