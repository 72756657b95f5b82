import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productionKeys } from './keys';
import { entrySchema, lineSchema, type Entry, type Line } from './types';

/** A production write moves stock: refetch production and inventory figures on screen. */
function useInvalidate() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: productionKeys.all }), qc.invalidateQueries({ queryKey: ['inventory'] })]);
}

export interface EntryInput {
  date: string;
  hour: number;
  line_id: number;
  product_id: number;
  units: number;
  note: string;
  /** Omitted: the server draws first expiry first. */
  batches?: { batch_id: number; quantity: number }[];
}

/** POST /api/production/entries */
export function useCreateEntry() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: EntryInput): Promise<Entry> => entrySchema.parse(await api.post('/production/entries', input)),
    onSuccess: invalidate,
  });
}

/** POST /api/production/entries/{id}/reverse */
export function useReverseEntry() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: number; reason: string }): Promise<Entry> =>
      entrySchema.parse(await api.post(`/production/entries/${id}/reverse`, { reason })),
    onSuccess: invalidate,
  });
}

/** POST /api/production/lines */
export function useCreateLine() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { name: string; hourly_target: number | null }): Promise<Line> =>
      lineSchema.parse(await api.post('/production/lines', input)),
    onSuccess: invalidate,
  });
}
