import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ClockStatus } from '../api/get-employees';
import type { ClockAction } from '../api/clock';
import { punchDay } from '../lib/kiosk-format';
import classes from '../kiosk.module.css';
import { KioskModal } from './kiosk-modal';

interface ClockModalProps {
  name: string;
  status: ClockStatus;
  lastEvent: string | null;
  timeZone: string;
  busy: boolean;
  onClock: (action: ClockAction) => void;
  onCancel: () => void;
}

/**
 * The Clock In/Out modal (SPEC §2): the current state, the last punch when known, a
 * green Clock In (when out) or red Clock Out (when in) button, and Cancel.
 */
export function ClockModal({ name, status, lastEvent, timeZone, busy, onClock, onCancel }: ClockModalProps) {
  const { t, i18n } = useTranslation();
  const clockedIn = status === 'clocked_in';
  const last = punchDay(lastEvent, i18n.language, timeZone);
  const lastText = { today: 'kiosk.lastPunchToday', yesterday: 'kiosk.lastPunchYesterday', other: 'kiosk.lastPunch' }[last.day];
  return (
    <KioskModal title={t('kiosk.clockTitle', { name })}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Text size="lg" fw={600}>
            {clockedIn ? t('kiosk.clockedIn') : t('kiosk.clockedOut')}
          </Text>
          {last.time && <Text c="dimmed">{t(lastText, { time: last.time })}</Text>}
        </Stack>
        <Group grow gap="sm">
          <Button variant="default" className={classes.bigButton} onClick={onCancel} disabled={busy}>
            {t('kiosk.cancel')}
          </Button>
          {clockedIn ? (
            <Button color="red" className={classes.bigButton} loading={busy} onClick={() => onClock('clockout')} data-autofocus>
              {t('kiosk.clockOut')}
            </Button>
          ) : (
            <Button color="green" className={classes.bigButton} loading={busy} onClick={() => onClock('clockin')} data-autofocus>
              {t('kiosk.clockIn')}
            </Button>
          )}
        </Group>
      </Stack>
    </KioskModal>
  );
}
