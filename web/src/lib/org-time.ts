import { DEFAULT_TIME_ZONE, dateTimeFormat } from './format';
import { usePublicSettings } from './public-settings';

/**
 * Days belong to the organisation, not to the browser: a tablet or a laptop set to
 * another zone must still call it the same day as the time clock and the ledger do.
 */

/** Today's date 'YYYY-MM-DD' in a time zone (the organisation's). */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  try {
    return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** The hour (0–23) it is now in a time zone (the organisation's). */
export function hourIn(timeZone: string | undefined, now: Date = new Date()): number {
  try {
    return Number(dateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now));
  } catch {
    return now.getHours();
  }
}

/** The organisation's time zone from the public settings; America/Chicago until they say (SPEC §9). */
export function useOrgTimeZone(): string {
  const { data } = usePublicSettings();
  return data?.time_zone || DEFAULT_TIME_ZONE;
}

/** The organisation's time zone and its today ('YYYY-MM-DD'). */
export function useOrgToday(): { timeZone: string; today: string } {
  const timeZone = useOrgTimeZone();
  return { timeZone, today: todayIn(timeZone) };
}
