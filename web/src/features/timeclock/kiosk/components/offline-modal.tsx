import { Button, Group, Stack, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ClockAction } from '../api/clock';
import type { ClockStatus } from '../api/get-employees';
import classes from '../kiosk.module.css';
import { KioskModal } from './kiosk-modal';

interface OfflineModalProps {
  name: string;
  /** The state the kiosk last knew (its list, with the punches waiting on this tablet). */
  status: ClockStatus;
  busy: boolean;
  onSave: (action: ClockAction) => void;
  onCancel: () => void;
}

/**
 * When the server cannot be reached the PIN cannot be checked, so the Clock In/Out modal
 * (which needs a checked PIN, SPEC §4) does not open: this one offers to keep the punch
 * on the tablet instead, sealed with the PIN, to be checked and recorded at its time when
 * the network returns.
 */
export function OfflineModal({ name, status, busy, onSave, onCancel }: OfflineModalProps) {
  const { t } = useTranslation();
  const clockedIn = status === 'clocked_in';
  return (
    <KioskModal title={t('kiosk.offline.title', { name })}>
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconWifiOff size={28} aria-hidden style={{ flex: 'none' }} />
          <Text size="lg">{t('kiosk.offline.body')}</Text>
        </Group>
        <Group grow gap="sm">
          <Button variant="default" className={classes.bigButton} onClick={onCancel} disabled={busy}>
            {t('kiosk.cancel')}
          </Button>
          {clockedIn ? (
            <Button color="red" className={classes.bigButton} loading={busy} onClick={() => onSave('clockout')} data-autofocus>
              {t('kiosk.offline.saveOut')}
            </Button>
          ) : (
            <Button color="green" className={classes.bigButton} loading={busy} onClick={() => onSave('clockin')} data-autofocus>
              {t('kiosk.offline.saveIn')}
            </Button>
          )}
        </Group>
      </Stack>
    </KioskModal>
  );
}
