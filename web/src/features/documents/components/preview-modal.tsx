import { Alert, Button, Center, Group, Loader, Modal, Table, Text } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useContentUrl } from '../api/get-content';
import { useDocument } from '../api/get-document';
import { isPreviewable, type DocumentRecord } from '../api/types';
import { errorMessage } from '@/lib/errors';
import { formatBytes } from '../lib/format';

/**
 * A document shown in place: a PDF in the browser's viewer, an image as an image.
 * Nothing else is ever rendered (no HTML); a ZIP shows its entries.
 */
export function PreviewModal({ doc, onClose, onDownload, onDelete }: { doc: DocumentRecord | null; onClose: () => void; onDownload: (d: DocumentRecord) => void; onDelete?: (d: DocumentRecord) => void }) {
  const { t, i18n } = useTranslation();
  const can = doc != null && isPreviewable(doc);
  const q = useContentUrl(doc?.id, can);
  const url = q.data;
  // The object URL is released a while after the preview closes (not at once: a
  // remount in development would otherwise find it gone).
  useEffect(() => () => void (url && setTimeout(() => URL.revokeObjectURL(url), 60_000)), [url]);
  const zip = doc != null && !can && doc.entries == null;
  const full = useDocument(doc?.id, zip).data;
  const entries = doc?.entries ?? (full?.id === doc?.id ? full?.entries : undefined);

  return (
    <Modal opened={doc != null} onClose={onClose} size="xl" title={<Text fw={600} dir="auto" truncate="end">{doc?.name}</Text>}>
      {doc && (
        <>
          {q.isError && <Alert color="red">{errorMessage(q.error, t)}</Alert>}
          {can && !url && !q.isError && (
            <Center h={300}>
              <Loader aria-label={t('common.loading')} />
            </Center>
          )}
          {url && doc.content_type === 'application/pdf' && (
            // The browser's viewer would title it by the object URL's UUID: its toolbar is left
            // out (#toolbar=0), the modal's title names the file and Download is below.
            <iframe src={`${url}#toolbar=0`} title={t('documents.preview.pdfTitle', { name: doc.name })} style={{ width: '100%', height: '70vh', border: 0 }} />
          )}
          {url && doc.content_type.startsWith('image/') && (
            <Center>
              <img src={url} alt={doc.name} style={{ maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain' }} />
            </Center>
          )}
          {!can && entries && entries.length > 0 && (
            <Table striped aria-label={t('documents.preview.entries')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('documents.fields.name')}</Table.Th>
                  <Table.Th ta="end">{t('documents.fields.size')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((e) => (
                  <Table.Tr key={e.name}>
                    <Table.Td dir="ltr">{e.name}</Table.Td>
                    <Table.Td ta="end">{formatBytes(e.size, i18n.language)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {!can && !entries?.length && <Text c="dimmed">{t('documents.preview.none')}</Text>}
          <Group justify="flex-end" mt="md">
            {onDelete && (
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => onDelete(doc)}>
                {t('documents.actions.delete')}
              </Button>
            )}
            <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => onDownload(doc)}>
              {t('documents.actions.download')}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
