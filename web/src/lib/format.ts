import { LANGUAGE_INFO, isLanguage, DEFAULT_LANGUAGE } from '@/i18n/languages';

/** The Intl locale tag for one of the app's language codes. */
export function intlLocale(lng: string): string {
  return LANGUAGE_INFO[isLanguage(lng) ? lng : DEFAULT_LANGUAGE].tag;
}

function toDate(value: Date | string | null | undefined): Date | null {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 'March 2025' in English, 'março de 2025' in Portuguese, …; '' for a missing date. */
export function formatMonthYear(value: Date | string | null | undefined, lng: string, timeZone?: string): string {
  const d = toDate(value);
  if (!d) return '';
  return new Intl.DateTimeFormat(intlLocale(lng), { month: 'long', year: 'numeric', timeZone }).format(d);
}

/** 'August 15, 2025' in English, '15 de agosto de 2025' in Spanish, …; '' for a missing date. */
export function formatLongDate(value: Date | string | null | undefined, lng: string, timeZone?: string): string {
  const d = toDate(value);
  if (!d) return '';
  return new Intl.DateTimeFormat(intlLocale(lng), { dateStyle: 'long', timeZone }).format(d);
}

/** Date and time, medium date with short time, in the given zone. */
export function formatDateTime(value: Date | string | null | undefined, lng: string, timeZone?: string): string {
  const d = toDate(value);
  if (!d) return '';
  return new Intl.DateTimeFormat(intlLocale(lng), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(d);
}

/** '3 minutes ago' style text for recent events, per locale. */
export function formatRelative(value: Date | string | null | undefined, lng: string, now: Date = new Date()): string {
  const d = toDate(value);
  if (!d) return '';
  const seconds = Math.round((d.getTime() - now.getTime()) / 1000);
  const rtf = new Intl.RelativeTimeFormat(intlLocale(lng), { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(seconds / 3600), 'hour');
  if (abs < 86400 * 30) return rtf.format(Math.round(seconds / 86400), 'day');
  return formatLongDate(d, lng);
}

/** Numbers with the locale's digits and grouping (Persian digits for ir). */
export function formatNumber(value: number, lng: string): string {
  return new Intl.NumberFormat(intlLocale(lng)).format(value);
}

/** Up to two initials from a name, for the avatar disc ('Dana Okafor' → 'DO'). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = Array.from(parts[0])[0] ?? '';
  const last = parts.length > 1 ? (Array.from(parts[parts.length - 1])[0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}

const AVATAR_COLORS = ['blue', 'cyan', 'grape', 'indigo', 'teal', 'violet', 'orange', 'pink', 'green', 'red'] as const;

/** A stable Mantine colour for a person's avatar disc, derived from their email or name. */
export function avatarColor(seed: string): (typeof AVATAR_COLORS)[number] {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return AVATAR_COLORS[h % AVATAR_COLORS.length];
}

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
