import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inventoryKeys } from './keys';
import { itemSchema, type Item } from './types';

/** GET /api/inventory/items/{id}: an item with every batch, empty ones too. */
export async function getItem(id: number, signal?: AbortSignal): Promise<Item> {
  return itemSchema.parse(await api.get<unknown>(`/inventory/items/${id}`, signal));
}

export const itemQuery = (id: number) =>
  queryOptions({ queryKey: inventoryKeys.item(id), queryFn: ({ signal }) => getItem(id, signal) });

export function useItem(id: number, enabled = true) {
  return useQuery({ ...itemQuery(id), enabled });
}
