import { Button } from '@mantine/core';
import { IconBackspace } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_INFO, languageOf } from '@/i18n/languages';
import { numberFormat } from '@/lib/format';
import classes from '../kiosk.module.css';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** A digit 0–9 as the language writes it (Persian digits in ir). */
export function localDigits(digits: string, lng: string): string {
  const nf = numberFormat(LANGUAGE_INFO[languageOf(lng)].intl, { useGrouping: false });
  return digits.replace(/[0-9]/g, (d) => nf.format(Number(d)));
}

/**
 * The on-screen number pad for the PIN: large targets for a finger on a wall tablet. Its
 * keys show the language's digits; what they type is always 0–9.
 */
export function Keypad({ onDigit, onBackspace, onClear, disabled }: { onDigit: (d: string) => void; onBackspace: () => void; onClear: () => void; disabled: boolean }) {
  const { t, i18n } = useTranslation();
  const label = (d: string) => localDigits(d, i18n.language);
  return (
    <div className={classes.keypad} role="group" aria-label={t('kiosk.keypad.label')} dir="ltr">
      {KEYS.map((k) => (
        <Button key={k} type="button" variant="default" className={classes.key} onClick={() => onDigit(k)} disabled={disabled}>
          {label(k)}
        </Button>
      ))}
      <Button type="button" variant="subtle" className={`${classes.key} ${classes.keyWord}`} onClick={onClear} disabled={disabled}>
        {t('kiosk.keypad.clear')}
      </Button>
      <Button type="button" variant="default" className={classes.key} onClick={() => onDigit('0')} disabled={disabled}>
        {label('0')}
      </Button>
      <Button type="button" variant="subtle" className={classes.key} onClick={onBackspace} disabled={disabled} aria-label={t('kiosk.keypad.backspace')}>
        <IconBackspace size={28} aria-hidden />
      </Button>
    </div>
  );
}
