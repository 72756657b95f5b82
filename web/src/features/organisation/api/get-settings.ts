import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api';
import { settingsKeys } from './keys';

/** GET /api/settings (signed in): the organisation's settings, kiosk options included. */
export type Settings = Schema<'Settings'>;

export function getSettings(signal?: AbortSignal): Promise<Settings> {
  return api.get('/api/settings', { signal });
}

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.organisation(),
    queryFn: ({ signal }) => getSettings(signal),
  });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
