import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inventoryKeys } from './keys';
import { itemListSchema, type ItemList } from './types';

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

/** The query string of a list (also used for the CSV export of the same list). */
export function itemListQuery(p: ItemListParams): string {
  const q = new URLSearchParams();
  if (p.search?.trim()) q.set('search', p.search.trim());
  if (p.kind) q.set('kind', p.kind);
  if (p.category) q.set('category', p.category);
  if (p.location) q.set('location', p.location);
  if (p.lowStock) q.set('low_stock', 'true');
  if (p.expiringWithinDays != null) q.set('expiring_within_days', String(p.expiringWithinDays));
  if (p.archived && p.archived !== 'false') q.set('archived', p.archived);
  if (p.sort) q.set('sort', p.sort);
  if (p.order) q.set('order', p.order);
  if (p.page) q.set('page', String(p.page));
  if (p.pageSize) q.set('page_size', String(p.pageSize));
  return q.toString();
}

export async function getItems(p: ItemListParams, signal?: AbortSignal): Promise<ItemList> {
  return itemListSchema.parse(await api.get<unknown>(`/inventory/items?${itemListQuery(p)}`, signal));
}

export const itemsQuery = (p: ItemListParams) =>
  queryOptions({
    queryKey: inventoryKeys.itemList(p),
    queryFn: ({ signal }) => getItems(p, signal),
    placeholderData: keepPreviousData,
  });

export function useItems(p: ItemListParams) {
  return useQuery(itemsQuery(p));
}
