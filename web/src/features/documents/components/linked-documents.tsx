import '../styles';
import { Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconEye, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { usePublicSettings } from '@/lib/public-settings';
import { useDocuments } from '../api/get-documents';
import { useUploadLimit } from '../api/get-limits';
import { isPreviewable, type LinkKind } from '../api/types';
import { formatBytes } from '../lib/format';
import { useDocActions } from '../lib/use-doc-actions';
import { useUploads } from '../lib/use-uploads';
import { DocActionDialogs } from './doc-action-dialogs';
import { TypeSelect } from './type-select';
import { UploadList } from './upload-list';
import { IconAction } from '@/components/icon-action';

export interface LinkedDocumentsProps {
  /** What the documents belong to: a batch, shipment, production entry, project or employee. */
  linkKind: LinkKind;
  linkId: number;
  /** The type new uploads get until the user picks another. */
  defaultType?: string;
}

/**
 * The documents linked to one thing (a batch, an employee, …), with preview, download,
 * delete and an upload button that links what it uploads. Other areas show it on their
 * detail pages: `import { LinkedDocuments } from '@/features/documents'`.
 */
export function LinkedDocuments({ linkKind, linkId, defaultType = 'other' }: LinkedDocumentsProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const timeZone = usePublicSettings().data?.time_zone ?? 'America/Chicago';
  const [type, setType] = useState(defaultType);
  const list = useDocuments({ linkKind, linkId, sort: 'uploaded_at', order: 'desc', pageSize: 100 });
  const fields = useMemo(() => ({ type, linkKind, linkId }), [type, linkKind, linkId]);
  const uploads = useUploads(fields, useUploadLimit().data);
  const actions = useDocActions();
  const docs = list.data?.documents ?? [];

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`linked-docs-${linkKind}-${linkId}`}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id={`linked-docs-${linkKind}-${linkId}`}>
          {t('documents.linked.title')}
        </Title>
        <Group gap="xs" wrap="nowrap">
          <TypeSelect aria-label={t('documents.fields.type')} value={type} onChange={(v) => setType(v ?? 'other')} size="xs" w={170} />
          <FileButton onChange={(files) => uploads.add(files)} multiple>
            {(props) => (
              <Button {...props} size="xs" variant="light" leftSection={<IconPaperclip size={14} aria-hidden />}>
                {t('documents.linked.upload')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Group>
      <Stack gap="xs">
        <UploadList items={uploads.items.filter((it) => it.status !== 'done')} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
        {docs.length === 0 && !list.isLoading && (
          <Text size="sm" c="dimmed">
            {t('documents.linked.empty')}
          </Text>
        )}
        {docs.map((d) => (
          <Group key={d.id} justify="space-between" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} dir="auto" truncate="end">
                {d.name}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`documents.types.${d.type}`)} · {formatBytes(d.size, lng)} · {formatDateTime(d.uploaded_at, lng, timeZone)}
              </Text>
            </div>
            <Group gap={2} wrap="nowrap">
              {isPreviewable(d) && (
                <IconAction label={t('documents.actions.preview')} name={t('documents.actions.previewFile', { name: d.name })} icon={IconEye} onClick={() => actions.preview(d)} />
              )}
              <IconAction label={t('documents.actions.download')} name={t('documents.actions.downloadFile', { name: d.name })} icon={IconDownload} onClick={() => actions.download(d)} />
              <IconAction label={t('documents.actions.delete')} name={t('documents.actions.deleteFile', { name: d.name })} icon={IconTrash} color="red" onClick={() => actions.remove(d)} />
            </Group>
          </Group>
        ))}
      </Stack>
      <DocActionDialogs actions={actions} />
    </Card>
  );
}
