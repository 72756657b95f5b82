import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf } from '@/lib/api';
import { dashboardKeys } from '@/features/dashboard';
import { inventoryKeys } from '@/features/inventory';
import { projectKeys } from '@/features/projects';
import { productionKeys } from './keys';

/** A line or crew change: refetch production's figures and the dashboard's units today (best line, labour). */
function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: productionKeys.all }), qc.invalidateQueries({ queryKey: dashboardKeys.productionToday() })]);
}

/**
 * An entry or its reversal also moves stock and counts toward a project: refetch the
 * inventory and the projects' progress too.
 */
function useInvalidateEntry() {
  const qc = useQueryClient();
  const invalidate = useInvalidate();
  return () =>
    Promise.all([invalidate(), qc.invalidateQueries({ queryKey: inventoryKeys.all }), qc.invalidateQueries({ queryKey: projectKeys.all })]);
}

export type EntryInput = BodyOf<'/api/production/entries', 'post'>;

/** POST /api/production/entries */
export function useCreateEntry() {
  const invalidate = useInvalidateEntry();
  return useMutation({
    mutationFn: (input: EntryInput) => api.post('/api/production/entries', { body: input }),
    onSuccess: invalidate,
  });
}

/** POST /api/production/entries/{id}/reverse */
export function useReverseEntry() {
  const invalidate = useInvalidateEntry();
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
