import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/errors';

/**
 * Asks whether to use a batch that has expired, and why: the server's refusal, a reason
 * (required), and "Use it anyway"; the reason is recorded with the line or move.
 */
export default function ExpiredConfirm({ error, onConfirm, onCancel }: { error: unknown; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = reason.trim() === '';
  return (
    <Modal opened onClose={onCancel} title={t('inventory.expired.title')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (!missing) onConfirm(reason.trim());
        }}
      >
        <Stack>
          <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {errorMessage(error, t)}
          </Alert>
          <TextInput
            data-autofocus
            required
            label={t('inventory.expired.reason')}
            description={t('inventory.expired.reasonHint')}
            maxLength={300}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={tried && missing ? t('inventory.validation.required') : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('inventory.actions.cancel')}
            </Button>
            <Button type="submit" color="orange">
              {t('inventory.expired.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
