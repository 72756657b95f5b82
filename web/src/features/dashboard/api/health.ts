import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, publicApi } from '@/lib/api';
import { dashboardKeys } from './keys';

/** GET /api/health: server version and database schema version. */
export function getHealth(signal?: AbortSignal) {
  return publicApi.get('/api/health', { signal });
}

export type Health = Awaited<ReturnType<typeof getHealth>>;

export const healthQuery = queryOptions({
  queryKey: dashboardKeys.health(),
  queryFn: ({ signal }) => getHealth(signal),
  staleTime: 5 * 60_000,
});

export function useHealth() {
  return useQuery(healthQuery);
}

/** GET /api/backups (admins): the scheduled backups' state, for the versions card. */
export function useBackups(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.backups(),
    queryFn: ({ signal }) => api.get('/api/backups', { signal }),
    staleTime: 60_000,
    enabled,
  });
}
