import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { docKeys } from './keys';
import { documentSchema } from './types';

/** DELETE /api/documents/{id}: moves it to the trash ('File deleted'). */
export function useDeleteDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/documents/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: docKeys.all }),
  });
}

/** POST /api/documents/{id}/restore (admins). */
export function useRestoreDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => documentSchema.parse(await api.post<unknown>(`/documents/${id}/restore`)),
    onSuccess: () => qc.invalidateQueries({ queryKey: docKeys.all }),
  });
}
