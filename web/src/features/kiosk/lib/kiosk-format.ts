import { intlLocale } from '@/lib/format';

/** The organisation's zone until the server says otherwise (SPEC §9). */
export const DEFAULT_TIME_ZONE = 'America/Chicago';

function dayKey(d: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/**
 * A punch time in the organisation's zone, 12-hour, with the short zone name
 * (SPEC §9): '7:05 AM CST'. A punch on another day than today also names the day:
 * 'Mon, Mar 9, 7:05 PM CDT'. '' for a missing or unreadable time.
 */
export function formatPunchTime(value: string | null | undefined, lng: string, timeZone = DEFAULT_TIME_ZONE, now = new Date()): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const sameDay = dayKey(d, timeZone) === dayKey(now, timeZone);
  return new Intl.DateTimeFormat(intlLocale(lng), {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZoneName: 'short',
    ...(sameDay ? {} : { weekday: 'short', month: 'short', day: 'numeric' }),
  }).format(d);
}

/** The letter the A–Z filter files a last name under: its first letter without accents. */
export function filterLetter(lastName: string): string {
  const first = lastName.trim().normalize('NFD').replace(/[\u0300-\u036f]/g, '').charAt(0);
  return first.toLocaleUpperCase('en-US');
}

/** The 26 letters of the alphabet filter (SPEC §9). */
export const LETTERS = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));
