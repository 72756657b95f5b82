import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { documentListQuery, type DocumentListParams } from './get-documents';
import { docKeys } from './keys';

/** GET /api/documents/trash (admins): deleted documents, restorable until purged. */
export function getTrash(p: DocumentListParams, signal?: AbortSignal) {
  return api.get('/api/documents/trash', { query: documentListQuery(p), signal });
}

export function useTrash(p: DocumentListParams, enabled: boolean) {
  return useQuery({
    queryKey: docKeys.trash(p),
    queryFn: ({ signal }) => getTrash(p, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
