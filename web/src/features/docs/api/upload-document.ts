import { apiUrl } from '@/lib/api-client';
import { readToken } from '@/lib/auth/token-storage';
import { documentSchema, type DocumentRecord } from './types';

/** A refused or failed upload: the server's code and params when it sent them. */
export class UploadError extends Error {
  readonly code: string;
  readonly params: Record<string, unknown>;
  readonly status: number;

  constructor(message: string, code: string, params: Record<string, unknown> = {}, status = 0) {
    super(message);
    this.name = 'UploadError';
    this.code = code;
    this.params = params;
    this.status = status;
  }
}

export interface UploadFields {
  type: string;
  linkKind?: string;
  linkId?: number;
}

export interface UploadHandle {
  promise: Promise<DocumentRecord>;
  abort: () => void;
}

/**
 * POST /api/documents as multipart, with XMLHttpRequest so that the upload's
 * progress (0…1) can be shown and the upload cancelled. The fields go before the
 * file so the server knows them before the bytes arrive.
 */
export function uploadDocument(file: File, fields: UploadFields, onProgress: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<DocumentRecord>((resolve, reject) => {
    const form = new FormData();
    form.append('type', fields.type);
    if (fields.linkKind && fields.linkId) {
      form.append('link_kind', fields.linkKind);
      form.append('link_id', String(fields.linkId));
    }
    form.append('file', file, file.name);
    xhr.open('POST', apiUrl('/documents'));
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
      if (xhr.status === 201) {
        const parsed = documentSchema.safeParse(body);
        if (parsed.success) {
          onProgress(1);
          resolve(parsed.data);
        } else reject(new UploadError('The server sent an unexpected answer.', 'invalid_response', {}, xhr.status));
        return;
      }
      const b = (body ?? {}) as { error?: unknown; code?: unknown; params?: unknown };
      reject(
        new UploadError(
          typeof b.error === 'string' ? b.error : `HTTP error ${xhr.status}`,
          typeof b.code === 'string' ? b.code : `http_${xhr.status}`,
          b.params && typeof b.params === 'object' ? (b.params as Record<string, unknown>) : {},
          xhr.status,
        ),
      );
    };
    xhr.onerror = () => reject(new UploadError('Network error', 'network'));
    xhr.onabort = () => reject(new UploadError('Cancelled', 'cancelled'));
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
