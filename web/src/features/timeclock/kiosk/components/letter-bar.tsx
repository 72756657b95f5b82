import { useTranslation } from 'react-i18next';
import { LETTERS } from '../lib/kiosk-format';
import classes from '../kiosk.module.css';
import { useHydrated } from '@/lib/use-hydrated';

interface LetterBarProps {
  /** The chosen letter, or null for All. */
  value: string | null;
  onChange: (letter: string | null) => void;
}

/**
 * All plus A to Z, filtering by the first letter of the last name (SPEC §2). Plain buttons
 * styled like Mantine's (kiosk.module.css): twenty-seven Mantine Buttons cost a cheap tablet
 * a long task at start.
 */
export function LetterBar({ value, onChange }: LetterBarProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <nav aria-label={t('kiosk.filterLabel')} className={classes.letters} dir="ltr" inert={!hydrated}>
      <button type="button" className={`${classes.tile} ${classes.letter}`} aria-pressed={value === null} onClick={() => onChange(null)}>
        {t('kiosk.all')}
      </button>
      {LETTERS.map((letter) => (
        <button key={letter} type="button" className={`${classes.tile} ${classes.letter}`} aria-pressed={value === letter} onClick={() => onChange(letter)}>
          {letter}
        </button>
      ))}
    </nav>
  );
}
