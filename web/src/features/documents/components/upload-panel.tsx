import { Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconCloudUpload, IconFileUpload, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadLimit } from '../api/get-limits';
import { EXTENSIONS } from '../api/types';
import { formatBytes } from '../lib/format';
import { useUploads } from '../lib/use-uploads';
import { TypeSelect } from './type-select';
import { UploadList } from './upload-list';

/**
 * Drag and drop (or pick) several files at once; each uploads with its own progress
 * bar and cancel. The type applies to the files dropped after it is chosen. The
 * server decides whether the content is allowed; the picker only suggests.
 */
export function UploadPanel() {
  const { t, i18n } = useTranslation();
  const [type, setType] = useState('other');
  const limit = useUploadLimit().data;
  const fields = useMemo(() => ({ type }), [type]);
  const uploads = useUploads(fields, limit);
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <TypeSelect label={t('documents.fields.type')} value={type} onChange={(v) => setType(v ?? 'other')} w={240} />
        {limit && (
          <Text size="sm" c="dimmed" pb={6}>
            {t('documents.upload.limit', { size: formatBytes(limit, i18n.language) })}
          </Text>
        )}
      </Group>
      <Dropzone
        onDrop={uploads.add}
        multiple
        // Anything may be dropped: the server checks the content and says why it refuses.
        accept={undefined}
        aria-label={t('documents.upload.dropLabel')}
        radius="md"
        p="lg"
      >
        <Group justify="center" gap="md" mih={90} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconCloudUpload size={40} color="var(--mantine-color-blue-6)" aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} color="var(--mantine-color-red-6)" aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileUpload size={40} color="var(--mantine-color-dimmed)" aria-hidden />
          </Dropzone.Idle>
          <div>
            <Text size="lg" inline>
              {t('documents.upload.drop')}
            </Text>
            <Text size="sm" c="dimmed" mt={7}>
              {t('documents.upload.allowed')}{' '}
              <span dir="ltr">{EXTENSIONS.join(' ')}</span>
            </Text>
          </div>
        </Group>
      </Dropzone>
      <UploadList items={uploads.items} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
    </Stack>
  );
}
