import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, apiUrl, extractServerMessage } from '@/lib/api-client';
import { readToken } from '@/lib/auth/token-storage';
import { inventoryKeys } from './keys';
import { importPreviewSchema, importResultSchema, type ImportPreview, type ImportResult } from './types';

/**
 * Downloads a CSV export (GET with the session's token) and hands it to the browser
 * as a file named by the server.
 */
export async function downloadCSV(path: string): Promise<void> {
  const token = readToken();
  if (!token) throw new ApiError('No authentication token available', 'no_token');
  let res: Response;
  try {
    res = await fetch(apiUrl(path), { headers: { Authorization: `Bearer ${token}` } });
  } catch (err) {
    throw new ApiError(`Network error: ${(err as Error).message}`, 'network');
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(`HTTP error ${res.status}: ${text}`, res.status === 401 ? 'unauthorized' : 'http', res.status, extractServerMessage(text));
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'export.csv';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** POST /api/inventory/import/preview: what importing the file would do; nothing is written. */
export async function previewImport(csv: string): Promise<ImportPreview> {
  return importPreviewSchema.parse(await api.post('/inventory/import/preview', { csv }));
}

/** The rejected-import answer carries the preview with every row's errors. */
export function rejectedPreview(err: unknown): ImportPreview | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  try {
    const body = JSON.parse(err.message.replace(/^HTTP error \d+: /, '')) as { preview?: unknown };
    const parsed = importPreviewSchema.safeParse(body.preview);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** POST /api/inventory/import: all rows or none. */
export function useCommitImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (csv: string): Promise<ImportResult> =>
      importResultSchema.parse(await api.post('/inventory/import', { csv })),
    onSuccess: () => qc.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}
