import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentListQuery, type DocumentListParams } from './get-documents';
import { docKeys } from './keys';
import { documentListSchema, type DocumentList } from './types';

/** GET /api/documents/trash (admins): deleted documents, restorable until purged. */
export async function getTrash(p: DocumentListParams, signal?: AbortSignal): Promise<DocumentList> {
  return documentListSchema.parse(await api.get<unknown>(`/documents/trash?${documentListQuery(p)}`, signal));
}

export function useTrash(p: DocumentListParams, enabled: boolean) {
  return useQuery({
    queryKey: docKeys.trash(p),
    queryFn: ({ signal }) => getTrash(p, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
