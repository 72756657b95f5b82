import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import { productionKeys } from './keys';
import { lineSchema, productSchema, type Line, type Product } from './types';

/** GET /api/production/lines */
export async function getLines(signal?: AbortSignal): Promise<Line[]> {
  return z.object({ lines: z.array(lineSchema) }).parse(await api.get<unknown>('/production/lines', signal)).lines;
}

export function useLines() {
  return useQuery({ queryKey: productionKeys.lines(), queryFn: ({ signal }) => getLines(signal) });
}

/** GET /api/production/products: finished goods that have a recipe. */
export async function getProducts(signal?: AbortSignal): Promise<Product[]> {
  return z.object({ products: z.array(productSchema) }).parse(await api.get<unknown>('/production/products', signal)).products;
}

export function useProducts() {
  return useQuery({ queryKey: productionKeys.products(), queryFn: ({ signal }) => getProducts(signal) });
}
