import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { docKeys } from './keys';
import { documentListSchema, type DocumentList } from './types';

/** The list's server-side search, filters, sort and paging (GET /api/documents). */
export interface DocumentListParams {
  search?: string;
  type?: string;
  linkKind?: string;
  linkId?: number;
  uploadedBy?: number;
  from?: string;
  to?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
}

export function documentListQuery(p: DocumentListParams): string {
  const q = new URLSearchParams();
  if (p.search?.trim()) q.set('search', p.search.trim());
  if (p.type) q.set('type', p.type);
  if (p.linkKind) q.set('link_kind', p.linkKind);
  if (p.linkId) q.set('link_id', String(p.linkId));
  if (p.uploadedBy) q.set('uploaded_by', String(p.uploadedBy));
  if (p.from) q.set('from', p.from);
  if (p.to) q.set('to', p.to);
  if (p.sort) q.set('sort', p.sort);
  if (p.order) q.set('order', p.order);
  if (p.page) q.set('page', String(p.page));
  if (p.pageSize) q.set('page_size', String(p.pageSize));
  return q.toString();
}

export async function getDocuments(p: DocumentListParams, signal?: AbortSignal): Promise<DocumentList> {
  return documentListSchema.parse(await api.get<unknown>(`/documents?${documentListQuery(p)}`, signal));
}

export const documentsQuery = (p: DocumentListParams) =>
  queryOptions({
    queryKey: docKeys.list(p),
    queryFn: ({ signal }) => getDocuments(p, signal),
    placeholderData: keepPreviousData,
  });

export function useDocuments(p: DocumentListParams, enabled = true) {
  return useQuery({ ...documentsQuery(p), enabled });
}
