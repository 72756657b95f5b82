import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { docKeys } from './keys';
import { documentSchema, type DocumentRecord } from './types';

/** GET /api/documents/{id}: one live document, with a ZIP's entries. */
export async function getDocument(id: number, signal?: AbortSignal): Promise<DocumentRecord> {
  return documentSchema.parse(await api.get<unknown>(`/documents/${id}`, signal));
}

export function useDocument(id: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...docKeys.all, 'one', id],
    queryFn: ({ signal }) => getDocument(id!, signal),
    enabled: enabled && id != null,
  });
}
