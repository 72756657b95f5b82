import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { languageOf } from '@/i18n/languages';
import { intlLocale } from '@/lib/format';
import { formatQuantity } from '@/lib/units';

/** A quantity with the locale's digits, up to 3 decimals (quantities are exact thousandths). */
export function formatQty(value: number, lng: string): string {
  return new Intl.NumberFormat(intlLocale(lng), { maximumFractionDigits: 3 }).format(value);
}

/** A signed change: +5, −2.5. */
export function formatChange(value: number, lng: string): string {
  return new Intl.NumberFormat(intlLocale(lng), { maximumFractionDigits: 3, signDisplay: 'exceptZero' }).format(value);
}

/** Hours or a rate, with up to two decimals. */
export function formatRate(value: number | null | undefined, lng: string): string {
  if (value == null) return '—';
  return new Intl.NumberFormat(intlLocale(lng), { maximumFractionDigits: 2 }).format(value);
}

/** An hour of the day as the locale writes it: 9 am (English times are 12-hour, SPEC §9), 09, 上午9时… (no zone shift). */
export function formatHour(hour: number, lng: string): string {
  const hour12 = languageOf(lng) === 'gb' ? true : undefined;
  return new Intl.DateTimeFormat(intlLocale(lng), { hour: 'numeric', hour12, timeZone: 'UTC' }).format(new Date(Date.UTC(2000, 0, 1, hour)));
}

/** A calendar day 'YYYY-MM-DD' in the locale's style (medium, or short for chart axes). */
export function formatDay(date: string, lng: string, style: 'medium' | 'short' = 'medium'): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  const opts: Intl.DateTimeFormatOptions =
    style === 'short' ? { month: 'short', day: 'numeric', timeZone: 'UTC' } : { dateStyle: 'medium', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(intlLocale(lng), opts).format(d);
}

/** Today 'YYYY-MM-DD' in a time zone. */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** 'YYYY-MM-DD' n days after date. */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The Monday of date's week. */
export function mondayOf(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  return addDays(date, -((d.getUTCDay() + 6) % 7));
}

/** The error body an API failure carried ({error, code, params, field}), when it was JSON. */
export function errorBody(err: unknown): { code?: string; params?: Record<string, unknown> } {
  if (!(err instanceof ApiError) || !err.body) return {};
  return { code: err.body.code, params: err.body.params as Record<string, unknown> };
}

export interface Shortage {
  item_id: number;
  name: string;
  unit: string;
  wanted: number;
  on_hand: number;
}

/** The short components of a production.components_short answer from production, if that is what err is. */
export function shortages(err: unknown): Shortage[] | null {
  const b = errorBody(err);
  if (b.code !== 'production.components_short' || !Array.isArray(b.params?.short)) return null;
  return b.params.short as Shortage[];
}

/** A translated message for a production failure: errors.<code> with its params, else the generic wording. */
export function productionError(err: unknown, t: TFunction, lng: string): string {
  const short = shortages(err);
  if (short) {
    const list = short
      .map((s) => t('production.errors.shortItem', { name: s.name, wanted: formatQuantity(s.wanted, s.unit, t, lng), onHand: formatQuantity(s.on_hand, s.unit, t, lng) }))
      .join(t('production.errors.listSeparator'));
    return t('production.errors.short', { list });
  }
  const b = errorBody(err);
  if (b.code && b.code.startsWith('production.')) {
    const key = `production.errors.codes.${b.code.slice('production.'.length)}`;
    const text = t(key, { ...(b.params ?? {}), defaultValue: '' });
    if (text) return text;
  }
  return errorMessage(err, t);
}
