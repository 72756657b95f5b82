import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReverseEntry } from '../api/mutations';
import type { Entry } from '../api/types';
import { formatHour, formatQty, productionError } from '../lib/format';

/** Reverse an entry: a reason is required; the ledger keeps the entry and its reversing moves. */
export function ReverseDialog({ entry, onClose }: { entry: Entry | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [reason, setReason] = useState('');
  const reverse = useReverseEntry();
  const close = () => {
    setReason('');
    reverse.reset();
    onClose();
  };
  return (
    <Modal opened={entry != null} onClose={close} title={t('production.reverse.title')} centered>
      {entry && (
        <Stack>
          <Text size="sm">
            {t('production.reverse.text', {
              units: formatQty(entry.units, lng),
              product: entry.product_name,
              line: entry.line_name,
              hour: formatHour(entry.hour, lng),
            })}
          </Text>
          <Textarea
            label={t('production.reverse.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            required
            maxLength={500}
            rows={3}
            data-autofocus
          />
          {reverse.error && (
            <Alert color="red" role="alert">
              {productionError(reverse.error, t, lng)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              disabled={!reason.trim()}
              loading={reverse.isPending}
              onClick={() => reverse.mutate({ id: entry.id, reason: reason.trim() }, { onSuccess: close })}
            >
              {t('production.reverse.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
