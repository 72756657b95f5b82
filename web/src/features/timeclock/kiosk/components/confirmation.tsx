import { IconCircleCheck, IconDeviceFloppy } from '@tabler/icons-react';
import classes from '../kiosk.module.css';

export interface ConfirmationText {
  /** 'Clocked in as Ana Almeida at 8:02 AM' */
  title: string;
  /** A second line (a punch kept offline says when it is sent). */
  note?: string;
  /** in, out or saved (kept offline). */
  tone: 'in' | 'out' | 'saved';
}

/**
 * The full-screen confirmation after a punch, readable from across the room; it goes
 * after a few seconds (the portal's timer) or at a tap.
 */
export function Confirmation({ text, onDone }: { text: ConfirmationText; onDone: () => void }) {
  const Icon = text.tone === 'saved' ? IconDeviceFloppy : IconCircleCheck;
  return (
    <div className={classes.confirmation} data-tone={text.tone} role="status" aria-live="assertive" onClick={onDone}>
      <Icon size={120} stroke={1.5} aria-hidden />
      <p className={classes.confirmationTitle}>{text.title}</p>
      {text.note && <p className={classes.confirmationNote}>{text.note}</p>}
    </div>
  );
}
