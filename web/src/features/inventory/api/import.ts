import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api';
import { inventoryKeys } from './keys';
import type { ImportPreview } from './types';

/** POST /api/inventory/import/preview: what importing the file would do; nothing is written. */
export function previewImport(csv: string): Promise<ImportPreview> {
  return api.post('/api/inventory/import/preview', { body: { csv } });
}

/** The rejected-import answer (400) carries the preview with every row's errors. */
export function rejectedPreview(err: unknown): ImportPreview | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const preview = err.body?.preview as ImportPreview | undefined;
  return preview && Array.isArray(preview.rows) ? preview : null;
}

/** POST /api/inventory/import: all rows or none. */
export function useCommitImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => api.post('/api/inventory/import', { body: { csv } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}
