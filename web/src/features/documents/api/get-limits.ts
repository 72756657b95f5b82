import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { docKeys } from './keys';

/** The organisation's upload limit in bytes (GET /api/settings, max_upload_mib; 50 MiB by default). */
export async function getUploadLimit(signal?: AbortSignal): Promise<number> {
  const s = await api.get('/api/settings', { signal });
  const mib = s.max_upload_mib && s.max_upload_mib > 0 ? s.max_upload_mib : 50;
  return mib * 1024 * 1024;
}

export function useUploadLimit() {
  return useQuery({ queryKey: docKeys.limits(), queryFn: ({ signal }) => getUploadLimit(signal), staleTime: 60_000 });
}
