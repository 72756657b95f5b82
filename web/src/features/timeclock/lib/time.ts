import { dateTimeFormat, formatZoned, intlLocale, numberFormat } from '@/lib/format';

export { DEFAULT_TIME_ZONE } from '@/lib/format';

function parts(d: Date, timeZone: string) {
  const p = dateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d);
  const get = (type: string) => p.find((x) => x.type === type)?.value ?? '00';
  return { y: get('year'), m: get('month'), d: get('day'), h: get('hour'), min: get('minute') };
}

export { todayIn } from '@/lib/org-time';

/** An instant as the zone's wall clock for a datetime-local input: YYYY-MM-DDTHH:MM. */
export function toZoneInput(iso: string, timeZone: string): string {
  const p = parts(new Date(iso), timeZone);
  return `${p.y}-${p.m}-${p.d}T${p.h}:${p.min}`;
}

/** Adds days to a YYYY-MM-DD date (calendar arithmetic, free of DST). */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The Monday and Sunday of the week holding a YYYY-MM-DD date. */
export function weekOf(date: string): { from: string; to: string } {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay(); // 0 = Sunday
  const from = addDays(date, -((day + 6) % 7));
  return { from, to: addDays(from, 6) };
}

/** Date and 12-hour time with the short zone name, in the organisation's zone. */
export function formatPunch(iso: string | null | undefined, lng: string, timeZone: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return formatZoned(d, lng, {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12', // 12:30 am, not 0:30 am (en-GB's hour12 counts from 0)
    timeZoneName: 'short',
  });
}

/** A YYYY-MM-DD day as a short local label ('Mon, Mar 9'). */
export function formatDay(date: string, lng: string): string {
  return dateTimeFormat(intlLocale(lng), { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** Hours with two decimals in the locale's digits. */
export function formatHours(h: number, lng: string): string {
  return numberFormat(intlLocale(lng), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(h);
}
