/** Query keys of the inventory feature; mutations invalidate through these. */
export const inventoryKeys = {
  all: ['inventory'] as const,
  items: () => [...inventoryKeys.all, 'items'] as const,
  itemList: (params: object) => [...inventoryKeys.items(), 'list', params] as const,
  item: (id: number) => [...inventoryKeys.items(), id] as const,
  batch: (id: number) => [...inventoryKeys.all, 'batch', id] as const,
  warnings: (days: number) => [...inventoryKeys.all, 'warnings', days] as const,
  facets: () => [...inventoryKeys.all, 'facets'] as const,
  batchDetail: (id: number) => [...inventoryKeys.batch(id), 'detail'] as const,
  batchTrace: (id: number, direction: string) => [...inventoryKeys.batch(id), 'trace', direction] as const,
  batchMoves: (id: number, params: object) => [...inventoryKeys.batch(id), 'moves', params] as const,
  batchLabels: (id: number, receipt: boolean) => [...inventoryKeys.batch(id), 'labels', receipt] as const,
  found: (code: string, sku?: string) => [...inventoryKeys.all, 'found', code, sku ?? ''] as const,
};
