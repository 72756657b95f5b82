import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicApi, type Schema } from './api';

/** GET /api/settings/public: what every page may show, signed in or not. */
export type PublicSettings = Schema<'PublicSettings'>;

export function getPublicSettings(signal?: AbortSignal): Promise<PublicSettings> {
  return publicApi.get('/api/settings/public', { signal });
}

/** The public settings' query key: the organisation feature refreshes it after a save. */
export const publicSettingsKey = ['settings', 'public'] as const;

export const publicSettingsQuery = queryOptions({
  queryKey: publicSettingsKey,
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
