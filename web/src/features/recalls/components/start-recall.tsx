import '../strings';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertOctagon } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { useStartRecall } from '../api/recalls';

/** "Start a recall" on a batch: the reason, then the recall's page with its list of partners. */
export default function StartRecall({ batchId, code }: { batchId: number; code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [notes, setNotes] = useState('');
  const start = useStartRecall();
  return (
    <>
      <Button variant="light" color="red" leftSection={<IconAlertOctagon size={16} aria-hidden />} onClick={() => setOpen(true)}>
        {t('recalls.start.button')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('recalls.start.title', { code })}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            start.mutate(
              { batch_id: batchId, reason, notes },
              { onSuccess: (r) => void navigate(paths.app.recall.getHref(r.id)) },
            );
          }}
        >
          <Stack>
            <Text size="sm">{t('recalls.start.explain')}</Text>
            <Textarea required label={t('recalls.fields.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} autosize minRows={2} />
            <Textarea label={t('recalls.fields.notes')} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} maxLength={2000} autosize minRows={2} />
            {start.isError && <Text c="red" size="sm">{errorMessage(start.error, t)}</Text>}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('common.close')}
              </Button>
              <Button type="submit" color="red" loading={start.isPending} disabled={!reason.trim()}>
                {t('recalls.start.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
