import { Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../lib/format';
import { errorMessage } from '@/lib/errors';
import type { UploadItem } from '../lib/use-uploads';
import { IconAction } from '@/components/icon-action';

const COLOR = { uploading: 'primary', done: 'teal', failed: 'red', cancelled: 'gray' } as const;

/** The files being uploaded, each with its progress bar and a cancel (or dismiss) button. */
export function UploadList({ items, onCancel, onDismiss }: { items: UploadItem[]; onCancel: (key: number) => void; onDismiss: (key: number) => void }) {
  const { t, i18n } = useTranslation();
  if (!items.length) return null;
  return (
    <Stack gap="xs" aria-label={t('documents.upload.listLabel')} role="list">
      {items.map((it) => {
        const pct = Math.round(it.progress * 100);
        return (
          <Paper key={it.key} withBorder p="xs" radius="md" role="listitem" aria-label={it.name}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0, flex: 1 }}>
                <Text size="sm" fw={500} truncate="end" dir="auto">
                  {it.name}
                </Text>
                <Text size="xs" c={it.status === 'failed' ? 'red' : 'dimmed'} role={it.status === 'failed' ? 'alert' : undefined}>
                  {it.status === 'uploading' && t('documents.upload.progress', { percent: pct, size: formatBytes(it.size, i18n.language) })}
                  {it.status === 'done' && t('documents.upload.done')}
                  {it.status === 'cancelled' && t('documents.upload.cancelled')}
                  {it.status === 'failed' && errorMessage(it.error, t)}
                </Text>
              </div>
              {it.status === 'done' && <IconCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden />}
              {it.status === 'uploading' ? (
                <IconAction label={t('documents.upload.cancel')} name={t('documents.upload.cancelFile', { name: it.name })} icon={IconX} color="gray" onClick={() => onCancel(it.key)} />
              ) : (
                <IconAction label={t('documents.upload.dismiss')} name={t('documents.upload.dismissFile', { name: it.name })} icon={IconX} color="gray" onClick={() => onDismiss(it.key)} />
              )}
            </Group>
            <Progress
              mt={6}
              size="sm"
              value={it.status === 'failed' || it.status === 'cancelled' ? 100 : pct}
              color={COLOR[it.status]}
              striped={it.status === 'uploading'}
              animated={it.status === 'uploading'}
              aria-label={t('documents.upload.progressLabel', { name: it.name })}
            />
          </Paper>
        );
      })}
    </Stack>
  );
}
