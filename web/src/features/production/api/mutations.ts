import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf } from '@/lib/api';
import { productionKeys } from './keys';

/** A production write moves stock: refetch production and inventory figures on screen. */
function useInvalidate() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: productionKeys.all }), qc.invalidateQueries({ queryKey: ['inventory'] })]);
}

export type EntryInput = BodyOf<'/api/production/entries', 'post'>;

/** POST /api/production/entries */
export function useCreateEntry() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: EntryInput) => api.post('/api/production/entries', { body: input }),
    onSuccess: invalidate,
  });
}

/** POST /api/production/entries/{id}/reverse */
export function useReverseEntry() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post('/api/production/entries/{id}/reverse', { path: { id }, body: { reason } }),
    onSuccess: invalidate,
  });
}

/** POST /api/production/lines */
export function useCreateLine() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: BodyOf<'/api/production/lines', 'post'>) => api.post('/api/production/lines', { body: input }),
    onSuccess: invalidate,
  });
}

/** PATCH /api/production/lines/{id}: rename, set or remove the target (null), archive or restore. */
export function useUpdateLine() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & BodyOf<'/api/production/lines/{id}', 'patch'>) =>
      api.patch('/api/production/lines/{id}', { path: { id }, body }),
    onSuccess: invalidate,
  });
}

/** PUT /api/production/assignments: put an employee on a line for a day (null: unassigned). */
export function useAssign() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: BodyOf<'/api/production/assignments', 'put'>) => api.put('/api/production/assignments', { body }),
    onSuccess: invalidate,
  });
}
