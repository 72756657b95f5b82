import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicRequest } from '@/lib/api-client';
import { object, optionalString, string } from '@/lib/validate';

export interface Health {
  status: string;
  version?: string;
  schema_version?: number | string;
}

export function parseHealth(v: unknown): Health {
  const o = object(v, 'health');
  const schema = o.schema_version;
  return {
    status: string(o, 'status'),
    version: optionalString(o, 'version'),
    schema_version: typeof schema === 'number' || typeof schema === 'string' ? schema : undefined,
  };
}

/** GET /api/health: server version and database schema version. */
export async function getHealth(signal?: AbortSignal): Promise<Health> {
  return parseHealth(await publicRequest<unknown>('/health', { signal }));
}

export const healthQuery = queryOptions({
  queryKey: ['health'],
  queryFn: ({ signal }) => getHealth(signal),
  staleTime: 5 * 60_000,
});

export function useHealth() {
  return useQuery(healthQuery);
}
