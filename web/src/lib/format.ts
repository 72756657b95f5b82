import { LANGUAGE_INFO, languageOf } from '@/i18n/languages';

/** The Intl locale for an app key ('br') or i18next's language ('pt-BR'): 'pt-BR'. */
export function intlLocale(lng: string): string {
  return LANGUAGE_INFO[languageOf(lng)].intl;
}

/**
 * An Intl formatter, made once per locale and options and kept: making one costs far more
 * than formatting with it (a list of times made a formatter per row, on every render).
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
function kept<F extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(kind: string, locale: string, options: object, make: () => F): F {
  const key = `${kind} ${locale} ${JSON.stringify(options)}`;
  let f = formatters.get(key) as F | undefined;
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f;
}

/** Intl.DateTimeFormat for a locale and options, made once. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/** Intl.NumberFormat for a locale and options, made once. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

/**
 * Formats with the locale's Intl rules, but names the zone as English readers know it:
 * en-GB has no short names for American zones ('GMT-6'), en-US has ('CST', SPEC §9).
 */
export function formatZoned(d: Date, lng: string, options: Intl.DateTimeFormatOptions): string {
  const locale = intlLocale(lng);
  const format = dateTimeFormat(locale, options);
  if (!options.timeZoneName || !locale.startsWith('en-') || locale === 'en-US') return format.format(d);
  const us = dateTimeFormat('en-US', { timeZone: options.timeZone, timeZoneName: options.timeZoneName })
    .formatToParts(d)
    .find((p) => p.type === 'timeZoneName')?.value;
  return format
    .formatToParts(d)
    .map((p) => (p.type === 'timeZoneName' && us && p.value.startsWith('GMT') && !us.startsWith('GMT') ? us : p.value))
    .join('');
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
  return dateTimeFormat(intlLocale(lng), { month: 'long', year: 'numeric', timeZone }).format(d);
}

/** 'August 15, 2025' in English, '15 de agosto de 2025' in Spanish, …; '' for a missing date. */
export function formatLongDate(value: Date | string | null | undefined, lng: string, timeZone?: string): string {
  const d = toDate(value);
  if (!d) return '';
  return dateTimeFormat(intlLocale(lng), { dateStyle: 'long', timeZone }).format(d);
}

/** Date and time, medium date with short time, in the given zone. */
export function formatDateTime(value: Date | string | null | undefined, lng: string, timeZone?: string): string {
  const d = toDate(value);
  if (!d) return '';
  return dateTimeFormat(intlLocale(lng), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(d);
}

/** '3 minutes ago' style text for recent events, per locale. */
export function formatRelative(value: Date | string | null | undefined, lng: string, now: Date = new Date()): string {
  const d = toDate(value);
  if (!d) return '';
  const seconds = Math.round((d.getTime() - now.getTime()) / 1000);
  const locale = intlLocale(lng);
  const rtf = kept('relative', locale, { numeric: 'auto' }, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(seconds / 3600), 'hour');
  if (abs < 86400 * 30) return rtf.format(Math.round(seconds / 86400), 'day');
  return formatLongDate(d, lng);
}

/** Numbers with the locale's digits and grouping (Persian digits for ir). */
export function formatNumber(value: number, lng: string): string {
  return numberFormat(intlLocale(lng)).format(value);
}

/** A count on a badge: up to `max` as is, beyond it `max` and a plus ('99+', '۹۹+'), so thousands fit the badge. */
export function formatCount(value: number, lng: string, max = 99): string {
  return value > max ? `${formatNumber(max, lng)}+` : formatNumber(value, lng);
}

/** Up to two initials from a name, for the avatar disc ('Dana Okafor' → 'DO'). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = Array.from(parts[0])[0] ?? '';
  const last = parts.length > 1 ? (Array.from(parts[parts.length - 1])[0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}

/**
 * Avatar colours, as Mantine colour and shade: each is dark enough (contrast at least 5:1
 * with white, luminance under the theme's autoContrast threshold) that white initials on
 * the disc and coloured initials on a white disc both pass WCAG AA, in either theme.
 * Mantine's lighter shades (green 6 on white: 2.4:1) and its oranges and greens fail.
 */
export const AVATAR_COLORS = ['blue.9', 'cyan.9', 'grape.8', 'indigo.8', 'teal.9', 'violet.8', 'pink.8', 'red.9'] as const;

/** A stable Mantine colour for a person's avatar disc, derived from their email or name. */
export function avatarColor(seed: string): (typeof AVATAR_COLORS)[number] {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return AVATAR_COLORS[h % AVATAR_COLORS.length];
}

/** The organisation's zone until the server says otherwise (SPEC §9). */
export const DEFAULT_TIME_ZONE = 'America/Chicago';

function dayKey(d: Date, timeZone: string): string {
  return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/**
 * How many calendar days before `now` an instant falls, in the zone: 0 today, 1 yesterday,
 * -1 tomorrow. Days, not 24-hour spans: 11:50 PM yesterday is 1 at 12:10 AM today.
 */
export function daysBeforeIn(value: Date, timeZone: string, now = new Date()): number {
  const day = (d: Date) => Date.parse(`${dayKey(d, timeZone)}T00:00:00Z`);
  return Math.round((day(now) - day(value)) / 86_400_000);
}

function parsePunch(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * A punch time in the organisation's zone, 12-hour, with the short zone name
 * (SPEC §9): '7:05 am CST'. A punch on another day than today also names the day:
 * 'Mon 9 Mar, 7:05 pm CDT'. '' for a missing or unreadable time.
 */
export function formatPunchTime(value: string | null | undefined, lng: string, timeZone = DEFAULT_TIME_ZONE, now = new Date()): string {
  const d = parsePunch(value);
  if (!d) return '';
  const sameDay = daysBeforeIn(d, timeZone, now) === 0;
  return formatZoned(d, lng, {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12', // 12:30 am, not 0:30 am (en-GB's hour12 counts from 0)
    timeZoneName: 'short',
    ...(sameDay ? {} : { weekday: 'short', month: 'short', day: 'numeric' }),
  });
}

/**
 * When a punch was, for a person who needs the day said: 'today' or 'yesterday' with
 * the time, else the date and time (all in the organisation's zone). `day` says which,
 * so the caller picks its sentence; `time` is '' for a missing or unreadable punch.
 */
export function punchDay(
  value: string | null | undefined,
  lng: string,
  timeZone = DEFAULT_TIME_ZONE,
  now = new Date(),
): { day: 'today' | 'yesterday' | 'other'; time: string } {
  const d = parsePunch(value);
  if (!d) return { day: 'other', time: '' };
  const before = daysBeforeIn(d, timeZone, now);
  const day = before === 0 ? 'today' : before === 1 ? 'yesterday' : 'other';
  const time = day === 'other' ? formatPunchTime(value, lng, timeZone, now) : formatPunchTime(value, lng, timeZone, d);
  return { day, time };
}

/**
 * A calendar date ('2026-03-02', no time, no zone) in the locale's medium style:
 * 'Mar 2, 2026', '2 de mar. de 2026', '2026年3月2日', …; the text as given when it is
 * not such a date. Formatted at noon UTC in UTC, so no zone can move it to another day.
 */
export function formatCalendarDate(date: string | null | undefined, lng: string, dateStyle: 'medium' | 'long' | 'short' = 'medium'): string {
  if (!date) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  return dateTimeFormat(intlLocale(lng), { dateStyle, timeZone: 'UTC' }).format(d);
}

/** A weight in kilograms as the locale writes it (412.5 kg, 412,5 kg, ۴۱۲٫۵ کیلوگرم), up to 3 decimals. */
export function formatKilograms(value: number, lng: string): string {
  return numberFormat(intlLocale(lng), { style: 'unit', unit: 'kilogram', maximumFractionDigits: 3 }).format(value);
}
