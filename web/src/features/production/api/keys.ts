/** Query keys of the production feature; mutations invalidate through these. */
export const productionKeys = {
  all: ['production'] as const,
  lines: () => [...productionKeys.all, 'lines'] as const,
  allLines: () => [...productionKeys.all, 'lines', 'all'] as const,
  crew: (date: string) => [...productionKeys.all, 'crew', date] as const,
  recipes: (itemId: number) => [...productionKeys.all, 'recipes', itemId] as const,
  recipeItem: (itemId: number) => [...productionKeys.recipes(itemId), 'item'] as const,
  components: () => [...productionKeys.all, 'components'] as const,
  products: () => [...productionKeys.all, 'products'] as const,
  suggestion: (productId: number, units: number, date: string) => [...productionKeys.all, 'suggest', productId, units, date] as const,
  daily: (date: string) => [...productionKeys.all, 'daily', date] as const,
  overview: (from: string, to: string) => [...productionKeys.all, 'overview', from, to] as const,
};
