import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from '../kiosk.module.css';
import { KioskModal } from './kiosk-modal';

interface PinModalProps {
  name: string;
  busy: boolean;
  /** Called with the trimmed, non-empty PIN. */
  onSubmit: (pin: string) => Promise<void> | void;
  /** Called when the PIN was empty after trimming (no call is made). */
  onEmpty: () => void;
  onCancel: () => void;
}

/**
 * 'Enter PIN for {name}' (SPEC §2): a masked PIN input with a show/hide toggle;
 * Enter submits; only Confirm and Cancel close it (no Escape, no outside click).
 * Mounted only while open, so every opening starts empty.
 */
export function PinModal({ name, busy, onSubmit, onEmpty, onCancel }: PinModalProps) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmed = pin.trim();
    if (!trimmed) {
      onEmpty();
      return;
    }
    await onSubmit(trimmed);
    setPin('');
  }

  return (
    <KioskModal title={t('kiosk.pinTitle', { name })}>
      <form onSubmit={handleSubmit}>
        <Stack gap="lg">
          <PasswordInput
            label={t('kiosk.pinLabel')}
            value={pin}
            onChange={(e) => setPin(e.currentTarget.value)}
            data-autofocus
            autoComplete="off"
            inputMode="numeric"
            maxLength={32}
            size="lg"
            className={classes.pinInput}
            visibilityToggleButtonProps={{ 'aria-label': t('kiosk.togglePin'), tabIndex: 0, size: 'xl' }}
          />
          <Group grow gap="sm">
            <Button type="button" variant="default" className={classes.bigButton} onClick={onCancel}>
              {t('kiosk.cancel')}
            </Button>
            <Button type="submit" className={classes.bigButton} loading={busy}>
              {t('kiosk.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </KioskModal>
  );
}
