import { useQuery } from '@tanstack/react-query';
import { ApiError, apiUrl, parseErrorBody } from '@/lib/api';
import { readToken } from '@/lib/auth/token-storage';
import { docKeys } from './keys';
import type { DocumentRecord } from './types';

/**
 * GET /api/documents/{id}/content as a Blob (the bearer token cannot ride on a
 * plain link). `download` asks for an attachment.
 */
export async function fetchContent(id: number, download: boolean, signal?: AbortSignal): Promise<Blob> {
  const token = readToken();
  let res: Response;
  try {
    res = await fetch(apiUrl(`/api/documents/${id}/content${download ? '?download=true' : ''}`), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(`Network error: ${(err as Error)?.message ?? String(err)}`, 'network');
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(`HTTP error ${res.status}: ${text}`, res.status === 403 ? 'forbidden' : 'http', res.status, parseErrorBody(text));
  }
  return res.blob();
}

/** A document's content as an object URL, for the preview (off while `enabled` is false; the caller revokes the URL). */
export function useContentUrl(id: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: docKeys.content(id),
    queryFn: async ({ signal }) => URL.createObjectURL(await fetchContent(id!, false, signal)),
    enabled: enabled && id != null,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Saves a document under its original name (any characters). */
export async function downloadDocument(doc: Pick<DocumentRecord, 'id' | 'name'>): Promise<void> {
  const blob = await fetchContent(doc.id, true);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = doc.name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
