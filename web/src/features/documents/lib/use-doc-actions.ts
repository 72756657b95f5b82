import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { downloadDocument } from '../api/get-content';
import { useDeleteDocument, useRestoreDocument } from '../api/mutations';
import type { DocumentRecord } from '../api/types';
import { errorMessage } from '@/lib/errors';

/**
 * Preview, download, delete (asked first, then 'File deleted') and restore, with their
 * toasts. Render <DocActionDialogs actions={…} /> next to whatever uses them.
 */
export function useDocActions() {
  const { t } = useTranslation();
  const [previewing, setPreviewing] = useState<DocumentRecord | null>(null);
  const [deleting, setDeleting] = useState<DocumentRecord | null>(null);
  const del = useDeleteDocument();
  const restore = useRestoreDocument();
  const fail = (err: unknown) => void notify('danger', errorMessage(err, t));

  return {
    previewing,
    deleting,
    busy: del.isPending,
    preview: (d: DocumentRecord) => setPreviewing(d),
    closePreview: () => setPreviewing(null),
    download: (d: DocumentRecord) => downloadDocument(d).catch(fail),
    remove: (d: DocumentRecord) => setDeleting(d),
    cancelRemove: () => setDeleting(null),
    confirmRemove: () => {
      if (!deleting) return;
      del.mutate(deleting.id, {
        onSuccess: () => {
          setDeleting(null);
          setPreviewing(null);
          void notify('success', t('messages.fileDeleted'));
        },
        onError: (err) => {
          setDeleting(null);
          fail(err);
        },
      });
    },
    restore: (d: DocumentRecord) =>
      restore.mutate(d.id, {
        onSuccess: () => void notify('success', t('documents.toast.restored', { name: d.name })),
        onError: fail,
      }),
  };
}

export type DocActions = ReturnType<typeof useDocActions>;
