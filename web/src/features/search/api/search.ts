import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api';
import { searchKeys } from './keys';

/** One record the server found: its kind and id name the page it opens. */
export type SearchResult = Schema<'SearchResult'>;
export type SearchKind = SearchResult['kind'];

/** Below this many characters the server finds nothing, so nothing is asked. */
export const SEARCH_MIN = 2;

/** GET /api/search?q=: the records q names that the signed-in user may open, a few of each kind. */
export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: searchKeys.results(q),
    queryFn: async ({ signal }) => (await api.get('/api/search', { query: { q, limit: 5 }, signal })).results,
    enabled: q.trim().length >= SEARCH_MIN,
    staleTime: 30_000,
  });

export function useSearch(q: string) {
  return useQuery({ ...searchQuery(q), placeholderData: keepPreviousData });
}
