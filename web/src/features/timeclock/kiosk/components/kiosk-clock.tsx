import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatZoned } from '@/lib/format';
import { useHydrated } from '@/lib/use-hydrated';
import classes from '../kiosk.module.css';

const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' };
const DATE: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' };

/**
 * The wall clock: the time, large, and the date, in the organisation's zone and the
 * kiosk's language. The prerendered page holds an empty box of the same size (the time
 * belongs to the browser, not to the build), filled once hydrated, so hydration matches.
 */
export function KioskClock({ timeZone }: { timeZone: string }) {
  const { i18n } = useTranslation();
  const hydrated = useHydrated();
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    // Ticks on the second so the minute turns when the wall clock's does; the first at once.
    let timer = 0;
    const tick = () => {
      const d = new Date();
      setNow(d);
      timer = window.setTimeout(tick, 1000 - d.getMilliseconds() + 5);
    };
    timer = window.setTimeout(tick, 0);
    return () => window.clearTimeout(timer);
  }, []);
  const shown = hydrated && now;
  return (
    <div className={classes.clock} role="timer" aria-live="off">
      <div className={classes.clockTime}>
        {shown ? formatZoned(now, i18n.language, { ...TIME, timeZone }) : ' '}
      </div>
      <div className={classes.clockDate}>
        {shown ? formatZoned(now, i18n.language, { ...DATE, timeZone }) : ' '}
      </div>
    </div>
  );
}
