import { Button } from '@mantine/core';
import { IconBackspace } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from '../kiosk.module.css';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** The on-screen number pad for the PIN: large targets for a finger on a wall tablet. */
export function Keypad({ onDigit, onBackspace, onClear, disabled }: { onDigit: (d: string) => void; onBackspace: () => void; onClear: () => void; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={classes.keypad} role="group" aria-label={t('kiosk.keypad.label')} dir="ltr">
      {KEYS.map((k) => (
        <Button key={k} type="button" variant="default" className={classes.key} onClick={() => onDigit(k)} disabled={disabled}>
          {k}
        </Button>
      ))}
      <Button type="button" variant="subtle" className={`${classes.key} ${classes.keyWord}`} onClick={onClear} disabled={disabled}>
        {t('kiosk.keypad.clear')}
      </Button>
      <Button type="button" variant="default" className={classes.key} onClick={() => onDigit('0')} disabled={disabled}>
        0
      </Button>
      <Button type="button" variant="subtle" className={classes.key} onClick={onBackspace} disabled={disabled} aria-label={t('kiosk.keypad.backspace')}>
        <IconBackspace size={28} aria-hidden />
      </Button>
    </div>
  );
}
