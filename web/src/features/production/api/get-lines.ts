import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { productionKeys } from './keys';

/** GET /api/production/lines */
export async function getLines(signal?: AbortSignal) {
  return (await api.get('/api/production/lines', { signal })).lines;
}

export function useLines() {
  return useQuery({ queryKey: productionKeys.lines(), queryFn: ({ signal }) => getLines(signal) });
}

/** GET /api/production/lines?archived=include: every line, archived ones too. */
export async function getAllLines(signal?: AbortSignal) {
  return (await api.get('/api/production/lines', { query: { archived: 'include' }, signal })).lines;
}

export function useAllLines() {
  return useQuery({ queryKey: productionKeys.allLines(), queryFn: ({ signal }) => getAllLines(signal) });
}

/** GET /api/production/products: finished goods that have a recipe. */
export async function getProducts(signal?: AbortSignal) {
  return (await api.get('/api/production/products', { signal })).products;
}

export function useProducts() {
  return useQuery({ queryKey: productionKeys.products(), queryFn: ({ signal }) => getProducts(signal) });
}
