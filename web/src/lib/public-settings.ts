import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicRequest } from './api-client';
import { object, string } from './validate';

/** GET /api/settings/public: what every page may show, signed in or not. */
export interface PublicSettings {
  organisation_name: string;
  support_email: string;
  time_zone: string;
  /** the address people reach the server at (--public-url), when the server was given one */
  public_url?: string;
}

export function parsePublicSettings(v: unknown): PublicSettings {
  const o = object(v, 'settings');
  return {
    organisation_name: string(o, 'organisation_name'),
    support_email: string(o, 'support_email'),
    time_zone: string(o, 'time_zone'),
    ...(typeof o.public_url === 'string' && o.public_url ? { public_url: o.public_url } : {}),
  };
}

export async function getPublicSettings(signal?: AbortSignal): Promise<PublicSettings> {
  return parsePublicSettings(await publicRequest<unknown>('/settings/public', { signal }));
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
