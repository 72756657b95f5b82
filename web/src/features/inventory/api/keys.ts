/** Query keys of the inventory feature; mutations invalidate through these. */
export const inventoryKeys = {
  all: ['inventory'] as const,
  items: () => [...inventoryKeys.all, 'items'] as const,
  itemList: (params: object) => [...inventoryKeys.items(), 'list', params] as const,
  item: (id: number) => [...inventoryKeys.items(), id] as const,
  batch: (id: number) => [...inventoryKeys.all, 'batch', id] as const,
  warnings: (days: number) => [...inventoryKeys.all, 'warnings', days] as const,
  facets: () => [...inventoryKeys.all, 'facets'] as const,
};
