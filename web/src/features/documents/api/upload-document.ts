import { ApiError, apiUrl, parseErrorBody } from '@/lib/api';
import { readToken } from '@/lib/auth/token-storage';
import type { DocumentRecord } from './types';

export interface UploadFields {
  type: string;
  linkKind?: string;
  linkId?: number;
}

export interface UploadHandle {
  promise: Promise<DocumentRecord>;
  abort: () => void;
}

/** The reason an upload stopped because the user cancelled it. */
export class UploadCancelled extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelled';
  }
}

/**
 * POST /api/documents as multipart, with XMLHttpRequest so that the upload's
 * progress (0…1) can be shown and the upload cancelled. The fields go before the
 * file so the server knows them before the bytes arrive. A refusal rejects with an
 * ApiError carrying the server's code and params.
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
    xhr.open('POST', apiUrl('/api/documents'));
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status === 201) {
        try {
          onProgress(1);
          resolve(JSON.parse(xhr.responseText) as DocumentRecord);
        } catch {
          reject(new ApiError('The server sent malformed JSON', 'invalid_json', xhr.status));
        }
        return;
      }
      const body = parseErrorBody(xhr.responseText);
      const kind = xhr.status === 401 ? 'unauthorized' : xhr.status === 403 ? 'forbidden' : 'http';
      reject(new ApiError(`HTTP error ${xhr.status}: ${xhr.responseText}`, kind, xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError('Network error', 'network'));
    xhr.onabort = () => reject(new UploadCancelled());
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

/** The error of a file over the limit, refused before a byte is sent (the server's own code). */
export function tooLarge(limit: number): ApiError {
  const mib = Math.round(limit / 1024 / 1024);
  const error = `The file is larger than the upload limit of ${mib} MiB.`;
  return new ApiError(error, 'http', 413, { error, code: 'file.too_large', params: { limit_mib: mib, limit } });
}
