import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from '../kiosk.module.css';
import { Keypad, localDigits } from './keypad';
import { KioskModal } from './kiosk-modal';

interface PinModalProps {
  name: string;
  busy: boolean;
  /** When set and still ahead (ms since the epoch), PIN attempts are refused until then (the server's Retry-After). */
  lockedUntil?: number;
  /** Called with the trimmed, non-empty PIN. */
  onSubmit: (pin: string) => Promise<void> | void;
  /** Called when the PIN was empty after trimming (no call is made). */
  onEmpty: () => void;
  onCancel: () => void;
  /** Why the last PIN was refused, shown in the dialog as well as in its toast. */
  error?: string;
}

/** m:ss */
const countdown = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * 'Enter PIN for {name}' (SPEC §2): a masked PIN input with a show/hide toggle (it still
 * takes a keyboard) and an on-screen number pad; Enter submits; only Confirm and Cancel
 * close it (no Escape, no outside click). While the throttle refuses attempts the field
 * is disabled and counts down to when it may be tried again. Mounted only while open, so
 * every opening starts empty.
 */
export function PinModal({ name, busy, lockedUntil, onSubmit, onEmpty, onCancel, error }: PinModalProps) {
  const { t, i18n } = useTranslation();
  const [pin, setPin] = useState('');
  const [now, setNow] = useState(() => Date.now());
  const locked = lockedUntil !== undefined && lockedUntil > now;
  useEffect(() => {
    if (lockedUntil === undefined || lockedUntil <= Date.now()) return;
    const first = window.setTimeout(() => setNow(Date.now()), 0);
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(id);
    };
  }, [lockedUntil]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || locked) return;
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
        <Stack gap="md">
          <PasswordInput
            label={t('kiosk.pinLabel')}
            value={pin}
            onChange={(e) => setPin(e.currentTarget.value)}
            data-autofocus
            autoComplete="off"
            inputMode="numeric"
            maxLength={32}
            size="lg"
            disabled={locked}
            className={classes.pinInput}
            visibilityToggleButtonProps={{ 'aria-label': t('kiosk.togglePin'), tabIndex: 0, size: 'xl' }}
          />
          {error && !locked && (
            <Text c="red" fw={600} role="alert" data-testid="pin-error">
              {error}
            </Text>
          )}
          {locked && (
            <Text c="red" fw={600} role="timer" aria-live="polite">
              {t('kiosk.lockedOut', { time: localDigits(countdown(lockedUntil - now), i18n.language) })}
            </Text>
          )}
          <Keypad
            disabled={locked || busy}
            onDigit={(d) => setPin((p) => (p.length < 32 ? p + d : p))}
            onBackspace={() => setPin((p) => p.slice(0, -1))}
            onClear={() => setPin('')}
          />
          <Group grow gap="sm">
            <Button type="button" variant="default" className={classes.bigButton} onClick={onCancel}>
              {t('kiosk.cancel')}
            </Button>
            <Button type="submit" className={classes.bigButton} loading={busy} disabled={locked}>
              {t('kiosk.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </KioskModal>
  );
}
