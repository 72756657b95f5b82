import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest, type ResponseOf } from '@/lib/api';
import { docKeys } from './keys';

/** DELETE /api/documents/{id}: moves it to the trash ('File deleted'). */
export function useDeleteDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<ResponseOf<'/api/documents/{id}', 'delete'>>(`/api/documents/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: docKeys.all }),
  });
}

/** POST /api/documents/{id}/restore (admins). */
export function useRestoreDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post('/api/documents/{id}/restore', { path: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: docKeys.all }),
  });
}
