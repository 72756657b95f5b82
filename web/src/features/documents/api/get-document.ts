import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { docKeys } from './keys';

/** GET /api/documents/{id}: one live document, with a ZIP's entries. */
export function getDocument(id: number, signal?: AbortSignal) {
  return api.get('/api/documents/{id}', { path: { id }, signal });
}

export function useDocument(id: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: docKeys.one(id),
    queryFn: ({ signal }) => getDocument(id!, signal),
    enabled: enabled && id != null,
  });
}
