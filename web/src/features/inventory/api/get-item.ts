import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inventoryKeys } from './keys';

/** GET /api/inventory/items/{id}: an item with every batch, empty ones too. */
export function getItem(id: number, signal?: AbortSignal) {
  return api.get('/api/inventory/items/{id}', { path: { id }, signal });
}

export const itemQuery = (id: number) =>
  queryOptions({ queryKey: inventoryKeys.item(id), queryFn: ({ signal }) => getItem(id, signal) });

export function useItem(id: number, enabled = true) {
  return useQuery({ ...itemQuery(id), enabled });
}
