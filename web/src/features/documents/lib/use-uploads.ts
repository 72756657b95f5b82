import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { docKeys } from '../api/keys';
import { tooLarge, UploadCancelled, uploadDocument, type UploadFields } from '../api/upload-document';
import type { DocumentRecord } from '../api/types';

export type UploadStatus = 'uploading' | 'done' | 'failed' | 'cancelled';

/** One file on its way up: its progress (0…1), and how it ended. */
export interface UploadItem {
  key: number;
  name: string;
  size: number;
  progress: number;
  status: UploadStatus;
  error?: unknown;
  doc?: DocumentRecord;
}

let nextKey = 1;

/**
 * Uploads several files at once, each with its own progress and cancel. Files over
 * `limit` bytes fail at once with the server's own code (file.too_large), without
 * sending a byte. Lists are refreshed as each upload lands.
 */
export function useUploads(fields: UploadFields, limit: number | undefined) {
  const qc = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const aborts = useRef(new Map<number, () => void>());

  useEffect(() => {
    const pending = aborts.current;
    return () => pending.forEach((abort) => abort());
  }, []);

  const patch = useCallback((key: number, p: Partial<UploadItem>) => {
    setItems((all) => all.map((it) => (it.key === key ? { ...it, ...p } : it)));
  }, []);

  const add = useCallback(
    (files: File[]) => {
      const added = files.map<UploadItem>((f) => ({ key: nextKey++, name: f.name, size: f.size, progress: 0, status: 'uploading' }));
      setItems((all) => [...added, ...all]);
      files.forEach((file, i) => {
        const key = added[i].key;
        if (limit && file.size > limit) {
          patch(key, { status: 'failed', error: tooLarge(limit) });
          return;
        }
        const h = uploadDocument(file, fields, (progress) => patch(key, { progress }));
        aborts.current.set(key, h.abort);
        h.promise.then(
          (doc) => {
            patch(key, { status: 'done', progress: 1, doc });
            void qc.invalidateQueries({ queryKey: docKeys.all });
          },
          (error: unknown) => {
            const cancelled = error instanceof UploadCancelled;
            patch(key, { status: cancelled ? 'cancelled' : 'failed', error });
          },
        ).finally(() => aborts.current.delete(key));
      });
    },
    [fields, limit, patch, qc],
  );

  const cancel = useCallback((key: number) => aborts.current.get(key)?.(), []);
  const dismiss = useCallback((key: number) => setItems((all) => all.filter((it) => it.key !== key)), []);
  const clearFinished = useCallback(() => setItems((all) => all.filter((it) => it.status === 'uploading')), []);

  return { items, add, cancel, dismiss, clearFinished };
}
