import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf } from '@/lib/api';
import { productionKeys } from './keys';

/** GET /api/inventory/items/{id}/recipe/versions: every version, newest first (the first is in force). */
export async function getRecipeVersions(itemId: number, signal?: AbortSignal) {
  return (await api.get('/api/inventory/items/{id}/recipe/versions', { path: { id: itemId }, signal })).versions;
}

/** GET /api/inventory/items/{id}: the finished good a recipe page is about (its name for the title and crumb). */
export function useRecipeItem(itemId: number) {
  return useQuery({
    queryKey: productionKeys.recipeItem(itemId),
    queryFn: ({ signal }) => api.get('/api/inventory/items/{id}', { path: { id: itemId }, signal }),
  });
}

export function useRecipeVersions(itemId: number) {
  return useQuery({ queryKey: productionKeys.recipes(itemId), queryFn: ({ signal }) => getRecipeVersions(itemId, signal) });
}

/**
 * The items a recipe may name: raw materials, packaging and finished goods (two levels of production:
 * pouches packed into cases; the server refuses a cycle), not archived (a page of up to 100 each).
 */
export async function getComponentItems(signal?: AbortSignal) {
  const kinds = ['raw_material', 'packaging', 'finished_good'] as const;
  const pages = await Promise.all(kinds.map((kind) => api.get('/api/inventory/items', { query: { kind, page_size: 100 }, signal })));
  return pages.flatMap((p) => p.items);
}

export function useComponentItems() {
  return useQuery({ queryKey: productionKeys.components(), queryFn: ({ signal }) => getComponentItems(signal) });
}

export type RecipeInput = BodyOf<'/api/inventory/items/{id}/recipe', 'put'>;

/** PUT /api/inventory/items/{id}/recipe: a change makes a new version. */
export function useSaveRecipe(itemId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RecipeInput) => api.put('/api/inventory/items/{id}/recipe', { path: { id: itemId }, body: input }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: productionKeys.all })]),
  });
}
