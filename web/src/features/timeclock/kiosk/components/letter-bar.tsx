import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LETTERS } from '../lib/kiosk-format';
import classes from '../kiosk.module.css';
import { useHydrated } from '@/lib/use-hydrated';

interface LetterBarProps {
  /** The chosen letter, or null for All. */
  value: string | null;
  onChange: (letter: string | null) => void;
}

/** All plus A to Z, filtering by the first letter of the last name (SPEC §2). */
export function LetterBar({ value, onChange }: LetterBarProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <nav aria-label={t('kiosk.filterLabel')} className={classes.letters} dir="ltr" inert={!hydrated}>
      <Button
        className={classes.letter}
        variant={value === null ? 'filled' : 'default'}
        aria-pressed={value === null}
        onClick={() => onChange(null)}
      >
        {t('kiosk.all')}
      </Button>
      {LETTERS.map((letter) => (
        <Button
          key={letter}
          className={classes.letter}
          variant={value === letter ? 'filled' : 'default'}
          aria-pressed={value === letter}
          onClick={() => onChange(letter)}
        >
          {letter}
        </Button>
      ))}
    </nav>
  );
}
