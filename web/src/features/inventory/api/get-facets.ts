import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inventoryKeys } from './keys';

/** GET /api/inventory/facets: categories, locations and units in use, for filters and forms. */
export function getFacets(signal?: AbortSignal) {
  return api.get('/api/inventory/facets', { signal });
}

export const facetsQuery = queryOptions({
  queryKey: inventoryKeys.facets(),
  queryFn: ({ signal }) => getFacets(signal),
  staleTime: 60_000,
});

export function useFacets() {
  return useQuery(facetsQuery);
}
