import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type CallOptions } from '@/lib/api';
import { serverListQuery, type ServerListParams } from '@/lib/use-server-table';
import { docKeys } from './keys';

/** The list's server-side search, filters, sort and paging (GET /api/documents). */
export interface DocumentListParams extends ServerListParams {
  search?: string;
  type?: string;
  linkKind?: string;
  linkId?: number;
  uploadedBy?: number;
  from?: string;
  to?: string;
}

export type DocumentListQuery = NonNullable<CallOptions<'/api/documents', 'get'>['query']>;

/** The server's query parameters of a list. */
export function documentListQuery(p: DocumentListParams): DocumentListQuery {
  return {
    search: p.search?.trim() || undefined,
    type: (p.type || undefined) as DocumentListQuery['type'],
    link_kind: (p.linkKind || undefined) as DocumentListQuery['link_kind'],
    link_id: p.linkId || undefined,
    uploaded_by: p.uploadedBy || undefined,
    from: p.from || undefined,
    to: p.to || undefined,
    ...serverListQuery<NonNullable<DocumentListQuery['sort']>>(p),
  };
}

export function getDocuments(p: DocumentListParams, signal?: AbortSignal) {
  return api.get('/api/documents', { query: documentListQuery(p), signal });
}

export type DocumentList = Awaited<ReturnType<typeof getDocuments>>;

export const documentsQuery = (p: DocumentListParams) =>
  queryOptions({
    queryKey: docKeys.list(p),
    queryFn: ({ signal }) => getDocuments(p, signal),
    placeholderData: keepPreviousData,
  });

export function useDocuments(p: DocumentListParams, enabled = true) {
  return useQuery({ ...documentsQuery(p), enabled });
}
