import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { publicRequest } from '@/lib/api-client';

const healthSchema = z.object({
  status: z.string(),
  version: z.optional(z.string()),
  schema_version: z.optional(z.union([z.number(), z.string()])),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /api/health: server version and database schema version. */
export async function getHealth(signal?: AbortSignal): Promise<Health> {
  return healthSchema.parse(await publicRequest<unknown>('/health', { signal }));
}

export const healthQuery = queryOptions({
  queryKey: ['health'],
  queryFn: ({ signal }) => getHealth(signal),
  staleTime: 5 * 60_000,
});

export function useHealth() {
  return useQuery(healthQuery);
}
