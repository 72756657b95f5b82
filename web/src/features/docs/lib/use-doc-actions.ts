import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { downloadDocument } from '../api/get-content';
import { useDeleteDocument, useRestoreDocument } from '../api/mutations';
import type { DocumentRecord } from '../api/types';
import { docErrorText } from './error-text';

/** Preview, download, delete (with confirmation, then 'File deleted') and restore, with their toasts. */
export function useDocActions() {
  const { t, i18n } = useTranslation();
  const [previewing, setPreviewing] = useState<DocumentRecord | null>(null);
  const del = useDeleteDocument();
  const restore = useRestoreDocument();
  const fail = (err: unknown) => void notify('danger', docErrorText(err, t, i18n.language));

  return {
    previewing,
    preview: (d: DocumentRecord) => setPreviewing(d),
    closePreview: () => setPreviewing(null),
    download: (d: DocumentRecord) => downloadDocument(d).catch(fail),
    remove: (d: DocumentRecord) =>
      modals.openConfirmModal({
        title: t('docs.delete.title'),
        children: t('docs.delete.body', { name: d.name }),
        labels: { confirm: t('docs.actions.delete'), cancel: t('common.cancel') },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          del.mutate(d.id, {
            onSuccess: () => {
              setPreviewing(null);
              void notify('success', t('messages.fileDeleted'));
            },
            onError: fail,
          }),
      }),
    restore: (d: DocumentRecord) =>
      restore.mutate(d.id, {
        onSuccess: () => void notify('success', t('docs.toast.restored', { name: d.name })),
        onError: fail,
      }),
  };
}
