import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type CallOptions } from '@/lib/api';
import { inventoryKeys } from './keys';

/** The item list's server-side search, filters, sort and paging. */
export interface ItemListParams {
  search?: string;
  kind?: string;
  category?: string;
  location?: string;
  lowStock?: boolean;
  expiringWithinDays?: number | null;
  archived?: 'false' | 'true' | 'all';
  sort?: string;
  order?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
}

export type ItemListQuery = NonNullable<CallOptions<'/api/inventory/items', 'get'>['query']>;

/** The server's query parameters of a list (also used for the CSV export of the same list). */
export function itemListQuery(p: ItemListParams): ItemListQuery {
  return {
    search: p.search?.trim() || undefined,
    kind: (p.kind || undefined) as ItemListQuery['kind'],
    category: p.category || undefined,
    location: p.location || undefined,
    low_stock: p.lowStock || undefined,
    expiring_within_days: p.expiringWithinDays ?? undefined,
    archived: p.archived && p.archived !== 'false' ? p.archived : undefined,
    sort: (p.sort || undefined) as ItemListQuery['sort'],
    order: p.order || undefined,
    page: p.page || undefined,
    page_size: p.pageSize || undefined,
  };
}

export function getItems(p: ItemListParams, signal?: AbortSignal) {
  return api.get('/api/inventory/items', { query: itemListQuery(p), signal });
}

export type ItemList = Awaited<ReturnType<typeof getItems>>;

export const itemsQuery = (p: ItemListParams) =>
  queryOptions({
    queryKey: inventoryKeys.itemList(p),
    queryFn: ({ signal }) => getItems(p, signal),
    placeholderData: keepPreviousData,
  });

export function useItems(p: ItemListParams) {
  return useQuery(itemsQuery(p));
}
