import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { publicRequest } from './api-client';

/** GET /api/settings/public: what every page may show, signed in or not. */
export const publicSettingsSchema = z.object({
  organisation_name: z.string(),
  support_email: z.string(),
  time_zone: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export async function getPublicSettings(signal?: AbortSignal): Promise<PublicSettings> {
  return publicSettingsSchema.parse(await publicRequest<unknown>('/settings/public', { signal }));
}

export const publicSettingsQuery = queryOptions({
  queryKey: ['settings', 'public'],
  queryFn: ({ signal }) => getPublicSettings(signal),
  staleTime: 5 * 60_000,
});

export function usePublicSettings() {
  return useQuery(publicSettingsQuery);
}

/** `mailto:` link for the support address, or undefined until it is known. */
export function supportMailto(settings: PublicSettings | undefined): string | undefined {
  return settings?.support_email ? `mailto:${settings.support_email}` : undefined;
}
