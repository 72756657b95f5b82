import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type Schema } from '@/lib/api';
import { recallKeys } from './keys';

export type Recall = Schema<'Recall'>;
export type RecallLine = Schema<'RecallLine'>;
export type RecallStatus = Schema<'RecallStatus'>;

export interface RecallListParams {
  status: RecallStatus | '';
  page: number;
  pageSize: number;
}

/** GET /api/recalls: a page of recalls, newest first. */
export function useRecalls(p: RecallListParams) {
  return useQuery({
    queryKey: recallKeys.list(p),
    queryFn: ({ signal }) =>
      api.get('/api/recalls', { query: { status: p.status || undefined, page: p.page, page_size: p.pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The open recalls, newest first (a few, and how many in all): what the dashboard warns of. */
export const openRecallsQuery = queryOptions({
  queryKey: recallKeys.list({ status: 'open', page: 1, pageSize: 3 }),
  queryFn: ({ signal }) => api.get('/api/recalls', { query: { status: 'open', page: 1, page_size: 3 }, signal }),
});

/** GET /api/recalls/{id}: the recall and its list of partners. */
export function useRecall(id: number) {
  return useQuery({ queryKey: recallKeys.one(id), queryFn: ({ signal }) => api.get('/api/recalls/{id}', { path: { id }, signal }) });
}

export type StartRecallInput = BodyOf<'/api/recalls', 'post'>;

/** POST /api/recalls: holds the batch and everything made from it. */
export function useStartRecall() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: StartRecallInput) => api.post('/api/recalls', { body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: recallKeys.all }),
  });
}

/** POST /api/recalls/{id}/release: its batches move again. */
export function useReleaseRecall(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (notes?: string) => api.post('/api/recalls/{id}/release', { path: { id }, body: notes === undefined ? {} : { notes } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: recallKeys.all }),
  });
}
