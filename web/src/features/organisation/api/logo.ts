import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, apiUrl, parseErrorBody, type Schema } from '@/lib/api';
import { readToken } from '@/lib/auth/token-storage';
import { publicSettingsQuery } from '@/lib/public-settings';
import { settingsKeys } from './keys';

/** The server's limit (organisation.MaxLogoBytes): 512 KB. */
export const LOGO_MAX_BYTES = 512 * 1024;
/** The types the server accepts, decided there from the bytes; the picker only offers them. */
export const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp,image/svg+xml';

export type OrganisationLogo = Schema<'OrganisationLogo'>;

/** The refusal of a file over the limit, before a byte is sent (the server's own code and words). */
export function logoTooLarge(): ApiError {
  const error = 'The logo must be at most 512 KB.';
  return new ApiError(error, 'http', 413, { error, code: 'settings.logo_too_large', params: { limit_kb: 512 }, field: 'file' });
}

/** PUT /api/settings/logo (admin) as a multipart form with one part, file; a refusal rejects with the server's ApiError. */
export async function uploadLogo(file: File): Promise<OrganisationLogo> {
  if (file.size > LOGO_MAX_BYTES) throw logoTooLarge();
  const form = new FormData();
  form.append('file', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(apiUrl('/api/settings/logo'), { method: 'PUT', body: form, headers });
  } catch {
    throw new ApiError('Network error', 'network');
  }
  const text = await res.text();
  if (!res.ok) {
    const kind = res.status === 401 ? 'unauthorized' : res.status === 403 ? 'forbidden' : 'http';
    throw new ApiError(`HTTP error ${res.status}: ${text}`, kind, res.status, parseErrorBody(text));
  }
  try {
    return JSON.parse(text) as OrganisationLogo;
  } catch {
    throw new ApiError('The server sent malformed JSON', 'invalid_json', res.status);
  }
}

/** Refreshes every reader of the logo's address: this screen and the public settings. */
function useRefreshLogo() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: settingsKeys.organisation() }),
      queryClient.invalidateQueries({ queryKey: publicSettingsQuery.queryKey }),
    ]);
}

export function useUploadLogo() {
  const refresh = useRefreshLogo();
  return useMutation({ mutationFn: uploadLogo, onSuccess: refresh });
}

/** DELETE /api/settings/logo (admin). */
export function useRemoveLogo() {
  const refresh = useRefreshLogo();
  return useMutation({ mutationFn: () => api.delete('/api/settings/logo'), onSuccess: refresh });
}
