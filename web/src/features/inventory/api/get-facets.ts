import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inventoryKeys } from './keys';
import { facetsSchema, type Facets } from './types';

/** GET /api/inventory/facets: categories, locations and units in use, for filters and forms. */
export async function getFacets(signal?: AbortSignal): Promise<Facets> {
  return facetsSchema.parse(await api.get<unknown>('/inventory/facets', signal));
}

export const facetsQuery = queryOptions({
  queryKey: inventoryKeys.facets(),
  queryFn: ({ signal }) => getFacets(signal),
  staleTime: 60_000,
});

export function useFacets() {
  return useQuery(facetsQuery);
}
