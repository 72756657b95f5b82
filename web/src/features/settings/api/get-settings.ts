import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';

/** GET /api/settings (signed in): the organisation's settings, kiosk options included. */
export const settingsSchema = z.object({
  organisation_name: z.string(),
  support_email: z.string(),
  time_zone: z.string(),
  max_shift_hours: z.number(),
});

export type Settings = z.infer<typeof settingsSchema>;

export async function getSettings(signal?: AbortSignal): Promise<Settings> {
  return settingsSchema.parse(await api.get<unknown>('/settings', signal));
}

export const settingsQueryKey = ['settings', 'organisation'] as const;

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => getSettings(signal),
  });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
